import { sharp } from '../sharp.js';
import { closedHoles, sideNumbers } from '../engine/review.js';
import type { Cell, Score, SheetState } from '../engine/types.js';
import type { LandGrid } from './grid.js';
import type { Photo } from './image.js';
import { rectifyLand } from './rectify.js';
import type { UncertainItem } from './read.js';
import type { RollsReview } from './rolls-check.js';

const PALETTE = ['#e6194b', '#3cb44b', '#4363d8', '#f58231', '#911eb4', '#46a0b4', '#c8a000', '#f032e6'];

export interface OverlayInput {
  photo: Photo;
  grid: LandGrid;
  state: SheetState;
  score: Score;
  /** The items worth a look; those likely right are drawn dashed. */
  uncertain: (UncertainItem & { likely?: boolean })[];
  title: string;
  /** The reading against the rolls: its summary (or the question where it disagrees) on the last line. */
  rolls?: RollsReview;
  /** The sheet's printed holes (sheet B): asked spots that are sides of one read closed all round are named together. */
  printedHoles?: readonly Cell[];
}

/** "1 spot", "3 spots". */
export const spots = (n: number): string => `${n} spot${n === 1 ? '' : 's'}`;

/**
 * The overlay's line on what to check: "5 spots to check (red circles, numbered; 1-4: one printed hole's sides);
 * 31 not asked (dashed)". The asked spots are numbered in their order in `uncertain`, as the circles are.
 */
export function toCheckLine(o: Pick<OverlayInput, 'uncertain' | 'state' | 'printedHoles'>): string {
  const asked = o.uncertain.filter((u) => u.likely !== true);
  const likelyRight = o.uncertain.length - asked.length;
  const groups = o.printedHoles ? closedHoles(o.state, o.printedHoles, asked) : [];
  const numbered = groups.map((g) => sideNumbers(g, asked)).join(' and ');
  const holes = groups.length ? `; ${numbered}: ${groups.length === 1 ? "one printed hole's sides" : "each a printed hole's sides"}` : '';
  return [asked.length ? `${spots(asked.length)} to check (red circles, numbered${holes})` : '', likelyRight ? `${likelyRight} not asked (dashed)` : ''].filter(Boolean).join('; ');
}

const esc = (s: string) => s.replace(/[<>&"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;' })[c]!);

/**
 * The scanner's reading drawn over the straightened land: fences read (blue), discoveries tinted by card
 * with their points, holes (orange X), and every uncertain edge or cell circled in red (dashed where the models
 * are sure of their guess).
 */
export async function renderOverlay(o: OverlayInput): Promise<Buffer> {
  const rect = rectifyLand(o.photo, o.grid);
  const { cell: P, margin: M, width, height } = rect;
  const head = 44;
  const X = (j: number) => M + j * P;
  const Y = (i: number) => head + M + i * P;
  const parts: string[] = [];
  const cardColour = new Map(o.state.cards.map((c, i) => [c, PALETTE[i % PALETTE.length]]));

  for (const d of o.score.discoveries) {
    const colour = cardColour.get(d.card) ?? '#888';
    for (const [r, c] of d.cells) parts.push(`<rect x="${X(c)}" y="${Y(r)}" width="${P}" height="${P}" fill="${colour}" fill-opacity="0.28"/>`);
    const [r, c] = d.cells[0];
    parts.push(
      `<text x="${X(c) + P / 2}" y="${Y(r) + P / 2 + 7}" font-family="sans-serif" font-weight="bold" font-size="20" text-anchor="middle" fill="${colour}" stroke="#fff" stroke-width="3" paint-order="stroke">${d.points}</text>`,
    );
  }
  const { h, v } = o.state.fences;
  for (let i = 0; i < h.length; i++)
    for (let j = 0; j < h[i].length; j++)
      if (h[i][j] === '1') parts.push(`<line x1="${X(j)}" y1="${Y(i)}" x2="${X(j + 1)}" y2="${Y(i)}" stroke="${i === 0 || i === h.length - 1 ? '#000' : '#1f5fd6'}" stroke-width="4" stroke-opacity="0.75" stroke-linecap="round"/>`);
  for (let i = 0; i < v.length; i++)
    for (let j = 0; j < v[i].length; j++)
      if (v[i][j] === '1') parts.push(`<line x1="${X(j)}" y1="${Y(i)}" x2="${X(j)}" y2="${Y(i + 1)}" stroke="${j === 0 || j === v[i].length - 1 ? '#000' : '#1f5fd6'}" stroke-width="4" stroke-opacity="0.75" stroke-linecap="round"/>`);
  for (const [r, c] of o.state.holes) {
    const k = P * 0.22;
    parts.push(
      `<path d="M${X(c) + k},${Y(r) + k}L${X(c + 1) - k},${Y(r + 1) - k}M${X(c + 1) - k},${Y(r) + k}L${X(c) + k},${Y(r + 1) - k}" stroke="#ff7f00" stroke-width="5" stroke-linecap="round"/>`,
    );
  }
  let asked = 0;
  o.uncertain.forEach((u) => {
    const dashed = u.likely === true;
    if (!dashed) asked++;
    const [cx, cy] = u.kind === 'hole' ? [X(u.col) + P / 2, Y(u.row) + P / 2] : u.kind === 'h' ? [X(u.col) + P / 2, Y(u.row)] : [X(u.col), Y(u.row) + P / 2];
    // An edge's circle stays clear of the X in the cells beside it, so a doubted edge never hides a hole.
    const r = P * (u.kind === 'hole' ? 0.42 : 0.3);
    const stroke = dashed ? `stroke-width="2.5" stroke-dasharray="5 4"` : `stroke-width="4"`;
    parts.push(`<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="#e00000" ${stroke}/>`);
    // The asked spots numbered as the text output and --check list them, so each line finds its circle.
    // (a white number on a red disc: the discoveries' points are coloured numbers on the land)
    if (!dashed) {
      const [bx, by] = [cx + r * 0.8, cy - r * 0.8];
      parts.push(
        `<circle cx="${bx}" cy="${by}" r="10" fill="#e00000" stroke="#fff" stroke-width="2"/><text x="${bx}" y="${by + 5}" font-family="sans-serif" font-weight="bold" font-size="${asked > 9 ? 11 : 14}" text-anchor="middle" fill="#fff">${asked}</text>`,
      );
    }
  });
  const toCheck = toCheckLine(o);
  // the cards' legend on one line, what to check on a second, the rolls' count on a third
  const rollsLine = o.rolls ? (o.rolls.note ?? o.rolls.summary) : '';
  const foot = 30 + (toCheck ? 22 : 0) + (rollsLine ? 22 : 0);
  const legend = o.state.cards.map((c) => `<tspan fill="${cardColour.get(c)}">${esc(c)} ${o.score.cards[c] ?? 0}</tspan>`).join('  ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height + head + foot}">
<rect x="0" y="0" width="${width}" height="${head}" fill="#fff"/>
<text x="10" y="29" font-family="sans-serif" font-size="22" font-weight="bold">${esc(o.title)}</text>
<rect x="0" y="${height + head}" width="${width}" height="${foot}" fill="#fff"/>
<text x="10" y="${height + head + 21}" font-family="sans-serif" font-size="14">${legend}</text>
${toCheck ? `<text x="10" y="${height + head + 42}" font-family="sans-serif" font-size="14" fill="#e00000">${toCheck}</text>` : ''}
${rollsLine ? `<text x="10" y="${height + head + foot - 10}" font-family="sans-serif" font-size="14" fill="${o.rolls!.check.agrees ? '#1e8a4c' : '#e00000'}">${esc(rollsLine)}</text>` : ''}
${parts.join('\n')}
</svg>`;
  return sharp(Buffer.from(rect.rgb), { raw: { width, height, channels: 3 } })
    .extend({ top: head, bottom: foot, background: '#ffffff' })
    .composite([{ input: Buffer.from(svg), top: 0, left: 0 }])
    .png({ compressionLevel: 6 })
    .toBuffer();
}
