/** Colours of the card types: distinct in colour and, for black-and-white print, in grey level. */
import type { CardType } from '../engine/types.js';

export const TYPE_COLOR: Record<CardType, string> = {
  treasure: '#a07a12',
  'small-fossil': '#8c6b4a',
  'medium-fossil': '#6d4c30',
  'large-fossil': '#4f3522',
  ruin: '#35586a',
};

export const BACK_BG = '#2e2924';
export const BACK_DOTS = '#5d544a';
export const PAPER_CREAM = '#f5efe2';
export const GOLD_LINE = '#c8b27e';

export function typeColor(t: string): string {
  return TYPE_COLOR[t as CardType] ?? '#444444';
}
