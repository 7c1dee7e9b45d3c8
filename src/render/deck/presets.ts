/**
 * Print-on-demand shops' card templates: the trim size, the bleed and the image size in pixels at 300 dpi that each
 * shop publishes for its poker and bridge cards. `--preset NAME` sets the card size, the bleed and the resolution of
 * `--png` and `--single` to match. The figures are as the shops' template pages give them (see docs/print-shop.md
 * for where each comes from and how sure it is); a test checks the pixel sizes.
 */
import { OptionError } from '../../errors.js';
import type { DeckSize } from './sizes.js';

export interface ShopPreset {
  name: string;
  shop: string;
  card: 'poker' | 'bridge';
  /** Trim size and bleed (each side) in inches, as the shop gives them. */
  trimIn: { w: number; h: number };
  bleedIn: number;
  /** The safe zone: how far inside the trim line text and icons should stay, inches. */
  safeIn: number;
  /** The image the shop asks for at `dpi`, bleed included. */
  px: { w: number; h: number };
  dpi: number;
}

const IN = 25.4;

export const SHOP_PRESETS: ShopPreset[] = [
  // The Game Crafter: poker 2.5 x 3.5 in and bridge 2.25 x 3.5 in, 1/8 in bleed, 1/8 in safe zone.
  { name: 'tgc-poker', shop: 'The Game Crafter', card: 'poker', trimIn: { w: 2.5, h: 3.5 }, bleedIn: 0.125, safeIn: 0.125, px: { w: 825, h: 1125 }, dpi: 300 },
  { name: 'tgc-bridge', shop: 'The Game Crafter', card: 'bridge', trimIn: { w: 2.25, h: 3.5 }, bleedIn: 0.125, safeIn: 0.125, px: { w: 750, h: 1125 }, dpi: 300 },
  // MakePlayingCards: 36 px of bleed at 300 dpi (0.12 in), safe zone 36 px inside the trim.
  { name: 'mpc-poker', shop: 'MakePlayingCards', card: 'poker', trimIn: { w: 2.5, h: 3.5 }, bleedIn: 0.12, safeIn: 0.12, px: { w: 822, h: 1122 }, dpi: 300 },
  { name: 'mpc-bridge', shop: 'MakePlayingCards', card: 'bridge', trimIn: { w: 2.25, h: 3.5 }, bleedIn: 0.12, safeIn: 0.12, px: { w: 747, h: 1122 }, dpi: 300 },
  // DriveThruCards: poker 2.5 x 3.5 in with 1/8 in bleed (2.75 x 3.75 in).
  { name: 'dtc-poker', shop: 'DriveThruCards', card: 'poker', trimIn: { w: 2.5, h: 3.5 }, bleedIn: 0.125, safeIn: 0.125, px: { w: 825, h: 1125 }, dpi: 300 },
];

export function findPreset(name: unknown): ShopPreset {
  const s = String(name ?? '').trim().toLowerCase();
  const p = SHOP_PRESETS.find((x) => x.name === s);
  if (!p) throw new OptionError('preset', `unknown preset "${name}" (expected ${SHOP_PRESETS.map((x) => x.name).join(', ')})`);
  return p;
}

/** The preset's card as a deck size (millimetres) and its bleed in millimetres. */
export function presetSize(p: ShopPreset): { size: DeckSize; bleedMm: number } {
  const w = p.trimIn.w * IN;
  const h = p.trimIn.h * IN;
  return { size: { kind: 'card', w, h, label: `${p.name} (${p.trimIn.w} x ${p.trimIn.h} in, ${p.shop})` }, bleedMm: p.bleedIn * IN };
}
