import { boardFromState, type Board } from './board.js';
import { playCards, type PlayCard } from './cards.js';
import { findRegions } from './regions.js';
import { MAX_SPAN } from './shapes.js';
import type { Cell, Discovery, GameData, Score, SheetDef, SheetState, SoloTitle } from './types.js';

interface Found {
  region: number;
  pc: PlayCard;
  cells: number[];
}

/** Scores a sheet state (validated) against the game's rules and the side's printed map. */
export function scoreState(game: GameData, state: SheetState): Score {
  const sheet = game.sheets[state.side];
  const board = boardFromState(state, sheet.map, sheet.grid.rows, sheet.grid.cols);
  return scoreBoard(game, sheet, board, state.cards);
}

/** Scores a board; the hot path (see bench/): typed arrays, one pass per concern. */
export function scoreBoard(game: GameData, sheet: SheetDef, b: Board, cardNames: string[]): Score {
  const { rows, cols } = b;
  const n = rows * cols;
  const pcs = playCards(game, cardNames);
  const regions = findRegions(b);
  const { label, count, size } = regions;

  // Cells of each region, grouped by a counting sort on labels.
  const start = new Int32Array(count + 1);
  for (let k = 0; k < n; k++) start[label[k] + 1]++;
  for (let r = 0; r < count; r++) start[r + 1] += start[r];
  const fill = start.slice(0, count);
  const cellsOf = new Int32Array(n);
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
        found.push({ region: r, pc, cells: Array.from(cellsOf.subarray(start[r], start[r + 1])) });
        break;
      }
    }
  }

  const [cr, cc] = sheet.center;
  const discoveries: Discovery[] = [];
  const cardTotals: Record<string, number> = {};
  for (const pc of pcs) cardTotals[pc.card.name] = 0;
  let eggPenaltyCount = 0;
  // Per-region visit stamps, so counting distinct neighbours allocates nothing.
  const marks = new Int32Array(count);
  let visit = 0;

  for (const f of found) {
    const cond = f.pc.card.condition;
    let met: boolean;
    if (cond.test === 'touches') {
      met = false;
      for (const k of f.cells) {
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
      for (const k of f.cells) {
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
    for (const k of f.cells) eggs += b.egg[k];
    eggPenaltyCount += eggs;
    const points = f.pc.card.base + (met ? f.pc.card.bonus : 0);
    cardTotals[f.pc.card.name] += points;
    discoveries.push({
      card: f.pc.card.name,
      cells: f.cells.map((k) => [(k / cols) | 0, k % cols] as Cell),
      points,
      conditionMet: met,
      eggs,
    });
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
  let sum = 0;
  for (const v of Object.values(cardTotals)) sum += v;
  const total = sum - penalties;
  const score: Score = {
    total,
    cards: cardTotals,
    penalties,
    discoveries,
    penaltyDetail: { eggs: eggPenaltyCount, enclosedHoles },
  };
  const title = soloTitle(sheet.soloTitles, total);
  if (title) score.title = title;
  return score;
}

export function soloTitle(titles: SoloTitle[], total: number): string | undefined {
  return titles.find((t) => (t.min === undefined || total >= t.min) && (t.max === undefined || total <= t.max))?.title;
}
