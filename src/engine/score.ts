import { boardFromState, type Board } from './board.js';
import { playCards, type PlayCard } from './cards.js';
import { labelRegions } from './regions.js';
import { MAX_SPAN } from './shapes.js';
import type { Cell, Discovery, GameData, Score, SheetDef, SheetState, SoloTitle } from './types.js';

interface Found {
  region: number;
  pc: PlayCard;
  /** Its cells: cellsOf[from..to). */
  from: number;
  to: number;
}

/** Scores a sheet state (validated) against the game's rules and the side's printed map. */
export function scoreState(game: GameData, state: SheetState): Score {
  const sheet = game.sheets[state.side];
  const board = boardFromState(state, sheet.map, sheet.grid.rows, sheet.grid.cols);
  return scoreBoard(game, sheet, board, state.cards);
}

/** Working arrays of scoreBoard, kept between calls (a scan scores thousands of boards to rate its doubts), each n + 1 long. */
interface Scratch {
  n: number;
  label: Int32Array;
  size: Int32Array;
  stack: Int32Array;
  start: Int32Array;
  fill: Int32Array;
  cellsOf: Int32Array;
  marks: Int32Array;
}

let scratch: Scratch | undefined;

function scratchFor(n: number): Scratch {
  if (!scratch || scratch.n < n) {
    const a = () => new Int32Array(n + 1);
    scratch = { n, label: a(), size: a(), stack: a(), start: a(), fill: a(), cellsOf: a(), marks: a() };
  }
  return scratch;
}

/** Scores a board; the hot path (see bench/): typed arrays, one pass per concern. */
export function scoreBoard(game: GameData, sheet: SheetDef, b: Board, cardNames: string[]): Score {
  const discoveries: Discovery[] = [];
  const t = tally(game, sheet, b, cardNames, discoveries);
  const score: Score = {
    total: t.total,
    cards: t.cards,
    penalties: t.penalties,
    discoveries,
    penaltyDetail: { eggs: t.eggs, enclosedHoles: t.enclosedHoles },
  };
  const title = soloTitle(sheet.soloTitles, t.total);
  if (title) score.title = title;
  return score;
}

/**
 * A board's total as scoreBoard gives it, with no discoveries listed: rating a scan's doubts scores thousands of
 * boards, and listing each one's discoveries made most of the scan's garbage.
 */
export function boardTotal(game: GameData, sheet: SheetDef, b: Board, cardNames: string[]): number {
  return tally(game, sheet, b, cardNames, null).total;
}

/** The cards' points, the penalties and the total of a board; each discovery added to `list` where one is given. */
function tally(game: GameData, sheet: SheetDef, b: Board, cardNames: string[], list: Discovery[] | null) {
  const { rows, cols } = b;
  const n = rows * cols;
  const pcs = playCards(game, cardNames);
  const { label, size, stack, start, fill, cellsOf, marks } = scratchFor(n);
  const count = labelRegions(b, label, size, stack);

  // Cells of each region, grouped by a counting sort on labels.
  start.fill(0, 0, count + 1);
  for (let k = 0; k < n; k++) start[label[k] + 1]++;
  for (let r = 0; r < count; r++) start[r + 1] += start[r];
  fill.set(start.subarray(0, count));
  for (let k = 0; k < n; k++) cellsOf[fill[label[k]]++] = k;

  // Which regions are discoveries, and of which card.
  const maxSize = pcs.reduce((m, p) => Math.max(m, p.size), 0);
  const cardOf: (PlayCard | null)[] = new Array(count).fill(null);
  const found: Found[] = [];
  for (let r = 0; r < count; r++) {
    const sz = size[r];
    if (sz > maxSize) continue;
    let minR = rows;
    let minC = cols;
    let maxR = -1;
    let maxC = -1;
    let holed = false;
    for (let i = start[r]; i < start[r + 1]; i++) {
      const k = cellsOf[i];
      if (b.hole[k]) holed = true;
      const rr = (k / cols) | 0;
      const cc = k - rr * cols;
      if (rr < minR) minR = rr;
      if (rr > maxR) maxR = rr;
      if (cc < minC) minC = cc;
      if (cc > maxC) maxC = cc;
    }
    if (holed || maxR - minR >= MAX_SPAN || maxC - minC >= MAX_SPAN) continue;
    let mask = 0;
    for (let i = start[r]; i < start[r + 1]; i++) {
      const k = cellsOf[i];
      const rr = (k / cols) | 0;
      mask |= 1 << ((rr - minR) * MAX_SPAN + (k - rr * cols - minC));
    }
    for (const pc of pcs) {
      if (pc.size === sz && pc.masks.has(mask)) {
        cardOf[r] = pc;
        found.push({ region: r, pc, from: start[r], to: start[r + 1] });
        break;
      }
    }
  }

  const [cr, cc] = sheet.center;
  const cardTotals: Record<string, number> = {};
  for (const pc of pcs) cardTotals[pc.card.name] = 0;
  let eggPenaltyCount = 0;
  let sum = 0;
  // Per-region visit stamps, so counting distinct neighbours allocates nothing.
  marks.fill(0, 0, count);
  let visit = 0;

  for (const f of found) {
    const cond = f.pc.card.condition;
    let met: boolean;
    if (cond.test === 'touches') {
      met = false;
      for (let i = f.from; i < f.to; i++) {
        const k = cellsOf[i];
        const r = (k / cols) | 0;
        const c = k - r * cols;
        if (cond.to === 'center' ? (r === cr || r === cr - 1) && (c === cc || c === cc - 1) : r === 0 || c === 0 || r === rows - 1 || c === cols - 1) {
          met = true;
          break;
        }
      }
    } else {
      // Count distinct adjacent discoveries of the category, or adjacent egg/hole cells outside this one.
      let hits = 0;
      const need = cond.min ?? 1;
      const stamp = ++visit;
      for (let i = f.from; i < f.to; i++) {
        const k = cellsOf[i];
        const r = (k / cols) | 0;
        const c = k - r * cols;
        for (let d = 0; d < 4; d++) {
          const m = d === 0 ? (c + 1 < cols ? k + 1 : -1) : d === 1 ? (c > 0 ? k - 1 : -1) : d === 2 ? (r + 1 < rows ? k + cols : -1) : r > 0 ? k - cols : -1;
          if (m < 0 || label[m] === f.region) continue;
          if (cond.to === 'egg') hits += b.egg[m];
          else if (cond.to === 'hole') hits += b.hole[m];
          else {
            const lm = label[m];
            const other = cardOf[lm];
            if (other && other.category === cond.to && marks[lm] !== stamp) {
              marks[lm] = stamp;
              hits++;
            }
          }
        }
        if (hits >= need) break;
      }
      met = hits >= need;
    }
    if (cond.negate) met = !met;
    let eggs = 0;
    for (let i = f.from; i < f.to; i++) eggs += b.egg[cellsOf[i]];
    eggPenaltyCount += eggs;
    const points = f.pc.card.base + (met ? f.pc.card.bonus : 0);
    cardTotals[f.pc.card.name] += points;
    sum += points;
    if (!list) continue;
    const cells: Cell[] = [];
    for (let i = f.from; i < f.to; i++) cells.push([(cellsOf[i] / cols) | 0, cellsOf[i] % cols]);
    list.push({ card: f.pc.card.name, cells, points, conditionMet: met, eggs });
  }

  let enclosedHoles = 0;
  if (sheet.penalties.enclosedHole) {
    for (let k = 0; k < n; k++) {
      if (!b.mapHole[k]) continue;
      const r = (k / cols) | 0;
      const c = k - r * cols;
      if (b.h[r * cols + c] && b.h[(r + 1) * cols + c] && b.v[r * (cols + 1) + c] && b.v[r * (cols + 1) + c + 1]) enclosedHoles++;
    }
  }

  const penalties = eggPenaltyCount * sheet.penalties.eggInDiscovery + enclosedHoles * sheet.penalties.enclosedHole;
  return { total: sum - penalties, cards: cardTotals, penalties, eggs: eggPenaltyCount, enclosedHoles };
}

export function soloTitle(titles: SoloTitle[], total: number): string | undefined {
  return titles.find((t) => (t.min === undefined || total >= t.min) && (t.max === undefined || total <= t.max))?.title;
}
