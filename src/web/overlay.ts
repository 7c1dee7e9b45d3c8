/**
 * The reading drawn over the straightened land (SVG, same pixels as the picture the server made): discoveries
 * tinted by card with their points, fences read (blue), holes (orange X), and the scanner's doubts circled,
 * numbered and tappable. Redrawn from the sheet state, so a tap shows its effect at once.
 */
import type { ReviewItem } from '../engine/review.js';
import { itemValue, sameItem } from '../engine/review.js';
import type { Score, SheetState } from '../engine/types.js';
import { itemCentre, landPoint, type LandView } from '../server/protocol.js';
import { svg } from './dom.js';

export const PALETTE = ['#d7263d', '#2e9c4f', '#3a5bd9', '#e07a1f', '#8e3bb5'];

export const cardColour = (cards: string[], card: string) => PALETTE[Math.max(0, cards.indexOf(card)) % PALETTE.length];

export interface OverlayView {
  el: SVGSVGElement;
  update(state: SheetState, score: Score, toggled: ReviewItem[]): void;
}

export interface OverlayOptions {
  land: LandView;
  url: string;
  uncertain: ReviewItem[];
  /** Called with an item tapped; no taps when absent. */
  onToggle?: (item: ReviewItem) => void;
  label: string;
  /** Show only this part of the picture (a close-up), in picture pixels. */
  view?: { x: number; y: number; width: number; height: number };
  /** Number the doubts (default true). */
  numbers?: boolean;
}

/** A close-up around an item: `cells` cells wide, centred on it. */
export function closeUp(land: LandView, it: ReviewItem, cells = 2.4) {
  const [cx, cy] = itemCentre(land, it);
  const size = land.cell * cells;
  return { x: cx - size / 2, y: cy - size / 2, width: size, height: size };
}

export function overlay(o: OverlayOptions): OverlayView {
  const { land } = o;
  const P = land.cell;
  const layer = svg('g');
  const box = o.view ?? { x: 0, y: 0, width: land.width, height: land.height };
  const numbers = o.numbers ?? true;
  const el = svg(
    'svg',
    { viewBox: `${box.x} ${box.y} ${box.width} ${box.height}`, class: o.view ? 'overlay zoom' : 'overlay', role: 'img', 'aria-label': o.label },
    svg('image', { href: o.url, x: 0, y: 0, width: land.width, height: land.height }),
    layer,
  );
  const X = (c: number) => landPoint(land, 0, c)[0];
  const Y = (r: number) => landPoint(land, r, 0)[1];

  function update(state: SheetState, score: Score, toggled: ReviewItem[]): void {
    const parts: SVGElement[] = [];
    for (const d of score.discoveries) {
      const colour = cardColour(state.cards, d.card);
      for (const [r, c] of d.cells) parts.push(svg('rect', { x: X(c), y: Y(r), width: P, height: P, fill: colour, 'fill-opacity': 0.3 }));
    }
    const { h, v } = state.fences;
    for (let i = 1; i < h.length - 1; i++)
      for (let j = 0; j < h[i].length; j++)
        if (h[i][j] === '1') parts.push(svg('line', { x1: X(j), y1: Y(i), x2: X(j + 1), y2: Y(i), class: 'fence' }));
    for (let i = 0; i < v.length; i++)
      for (let j = 1; j < v[i].length - 1; j++)
        if (v[i][j] === '1') parts.push(svg('line', { x1: X(j), y1: Y(i), x2: X(j), y2: Y(i + 1), class: 'fence' }));
    const k = P * 0.22;
    for (const [r, c] of state.holes) {
      parts.push(svg('path', { d: `M${X(c) + k},${Y(r) + k}L${X(c + 1) - k},${Y(r + 1) - k}M${X(c + 1) - k},${Y(r) + k}L${X(c) + k},${Y(r + 1) - k}`, class: 'hole' }));
    }
    for (const d of score.discoveries) {
      const [r, c] = d.cells[0];
      parts.push(svg('text', { x: X(c) + P / 2, y: Y(r) + P / 2 + 9, class: 'points', fill: cardColour(state.cards, d.card) }, String(d.points)));
    }
    // The spots to check are drawn last, over the likely-right ones their circles may overlap, so a tap reaches them.
    const drawOrder = [...o.uncertain.keys()].sort((x, y) => Number(!o.uncertain[x].likely) - Number(!o.uncertain[y].likely) || x - y);
    drawOrder.forEach((i) => {
      const it = o.uncertain[i];
      const [cx, cy] = itemCentre(land, it);
      const on = itemValue(state, it);
      const switched = toggled.some((t) => sameItem(t, it));
      // An open edge in doubt is shown dashed, so the player sees where it would go.
      if (!on && it.kind !== 'hole') {
        const [x1, y1] = landPoint(land, it.row, it.col);
        const [x2, y2] = it.kind === 'h' ? [x1 + P, y1] : [x1, y1 + P];
        parts.push(svg('line', { x1, y1, x2, y2, class: 'maybe' }));
      }
      if (!on && it.kind === 'hole') {
        const r = it.row;
        const c = it.col;
        parts.push(svg('path', { d: `M${X(c) + k},${Y(r) + k}L${X(c + 1) - k},${Y(r + 1) - k}M${X(c + 1) - k},${Y(r) + k}L${X(c) + k},${Y(r + 1) - k}`, class: 'maybe' }));
      }
      const cls = `doubt${switched ? ' switched' : ''}${it.likely ? ' likely' : ''}`;
      const g = svg('g', { class: cls, 'data-item': `${it.kind}:${it.row}:${it.col}` });
      g.appendChild(svg('circle', { cx, cy, r: P * (it.kind === 'hole' ? 0.45 : 0.3), class: 'ring' }));
      if (numbers) {
        // The number sits off the edge, on the side away from the cell's middle for fences.
        const [bx, by] = it.kind === 'hole' ? [cx + P * 0.36, cy - P * 0.36] : it.kind === 'h' ? [cx + P * 0.3, cy - P * 0.26] : [cx + P * 0.26, cy - P * 0.3];
        g.appendChild(svg('circle', { cx: bx, cy: by, r: 11, class: 'badge' }));
        g.appendChild(svg('text', { x: bx, y: by + 5, class: 'badge-text' }, String(i + 1)));
      }
      if (o.onToggle) {
        const hit = svg('circle', {
          cx,
          cy,
          r: P * 0.5,
          class: 'hit',
          role: 'button',
          tabindex: 0,
          'aria-label': `${describe(it)} ${i + 1}: ${on ? 'drawn' : 'not drawn'}; tap to switch`,
        });
        const fire = (e: Event) => {
          e.preventDefault();
          o.onToggle!(it);
        };
        hit.addEventListener('click', fire);
        hit.addEventListener('keydown', (e) => {
          if ((e as KeyboardEvent).key === 'Enter' || (e as KeyboardEvent).key === ' ') fire(e);
        });
        g.appendChild(hit);
      }
      parts.push(g);
    });
    layer.replaceChildren(...parts);
  }

  return { el, update };
}

export function describe(it: ReviewItem): string {
  return it.kind === 'hole' ? 'Hole' : 'Fence';
}
