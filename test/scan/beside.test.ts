import { describe, expect, it } from 'vitest';
import { besideLine } from '../../src/scan/beside.js';
import type { InkCalibration } from '../../src/scan/classify.js';
import { edgeFeatures } from '../../src/scan/features.js';
import { inkOfLand } from '../../src/scan/inkmap.js';
import { readSheet } from '../../src/scan/read.js';
import { CELL, darken, MARGIN, SIZE } from '../helpers/land.js';

/**
 * White paper with the printed dots on every line; pencil lines on column 2's line and 10 px right of column 5's
 * (an X in the cell beyond it); cell (3, 8) shaded with
 * strokes parallel to its left side; a tall doodle 8 px right of column 10's line. Read with `cal`, by default the
 * calibration a full sheet of such lines would give.
 */
function land(cal: InkCalibration = { threshold: 0.15, blank: 0.075, drawn: 0.22, inkLevel: 0.29, paperLevel: 0.01 }) {
  const rgb = new Uint8Array(SIZE * SIZE * 3).fill(235);
  // the printed dots are blue-grey, which the ink map leaves out
  const printDot = (x: number, y: number) => rgb.set([165, 180, 228], (y * SIZE + x) * 3);
  for (let line = 0; line <= 12; line++)
    for (let k = 0; k <= 72; k++) {
      const along = MARGIN + (k * CELL) / 6;
      const across = MARGIN + line * CELL;
      for (let dy = -2; dy <= 2; dy++)
        for (let dx = -2; dx <= 2; dx++) {
          if (dx * dx + dy * dy > 5) continue;
          printDot(Math.round(along) + dx, across + dy);
          printDot(across + dx, Math.round(along) + dy);
        }
    }
  const vertical = (x: number, top = MARGIN, bottom = SIZE - MARGIN) => {
    for (let y = top; y < bottom; y++) for (let dx = -1; dx <= 1; dx++) darken(rgb, x + dx, y, dx === 0 ? 0.3 : 0.15);
  };
  vertical(MARGIN + 2 * CELL);
  vertical(MARGIN + 5 * CELL + 10);
  // an X in cell (3, 5) beyond the stroke beside column 5, and cell (3, 8) shaded
  // with strokes along its left side, every 5 px from 10 px right of it
  for (let k = 0; k < CELL; k++)
    for (let w = -1; w <= 1; w++) {
      darken(rgb, MARGIN + 5 * CELL + k + w, MARGIN + 3 * CELL + k, 0.3);
      darken(rgb, MARGIN + 5 * CELL + k + w, MARGIN + 4 * CELL - k, 0.3);
    }
  for (let x = MARGIN + 8 * CELL + 10; x < MARGIN + 9 * CELL - 3; x += 5) vertical(x, MARGIN + 3 * CELL, MARGIN + 4 * CELL);
  // a doodle in cell (3, 10): an upright stadium 12 px wide and 26 tall (straight sides 14 px long), its left side
  // 8 px off column 10's line: as tall as the simulator's doodles get, straight-sided like a printed egg
  const cx = MARGIN + 10 * CELL + 14;
  const cy = MARGIN + 3 * CELL + 24;
  for (let y = cy - 7; y <= cy + 7; y++) {
    darken(rgb, cx - 6, y, 0.3);
    darken(rgb, cx + 6, y, 0.3);
  }
  for (let a = 0; a < 360; a++) {
    const t = (a / 360) * Math.PI;
    darken(rgb, Math.round(cx + 6 * Math.cos(t)), Math.round(cy + 7 + 6 * Math.sin(t)), 0.3);
    darken(rgb, Math.round(cx + 6 * Math.cos(t)), Math.round(cy - 7 - 6 * Math.sin(t)), 0.3);
  }
  const m = inkOfLand(rgb, SIZE, SIZE, CELL, MARGIN);
  const edges = edgeFeatures(m, 12, 12, [6, 6]);
  const reading = readSheet(m, 12, 12, [6, 6], edges, [], cal, { model: false });
  const flagged = new Set(reading.uncertain.map((u) => `${u.kind}${u.row},${u.col}`));
  return (col: number) => {
    const e = edges.find((x) => x.kind === 'v' && x.row === 3 && x.col === col)!;
    return { score: e.score, flagged: flagged.has(`v3,${col}`), beside: besideLine(m, e), over: (least: number) => besideLine(m, e, least) };
  };
}

describe('a line drawn beside an edge', () => {
  const at = land();
  const line = at(2).score;

  it('is found just outside the band the edge is measured in, which misses it', () => {
    expect(line).toBeGreaterThan(0.15);
    expect(at(5).score).toBeLessThan(line / 3);
    expect(at(5).beside).toBeGreaterThan(line * 0.7);
    // with a floor (the reading asks whether it reaches the sheet's threshold): the same ink, or 0 under it
    expect(at(5).over(at(5).beside - 0.02)).toBe(at(5).beside);
    expect(at(5).over(at(5).beside + 0.02)).toBe(0);
  });

  it('makes the reading doubt the edge, which it would otherwise take for a sure blank', () => {
    expect(at(5).flagged).toBe(true);
    expect(at(8).flagged || at(10).flagged).toBe(false);
  });

  it('is not the edge\'s own line, a doodle, nor the side of shading drawn along it', () => {
    expect(at(2).beside).toBeLessThan(line * 0.3);
    expect(at(10).beside).toBeLessThan(line * 0.3);
    expect(at(8).beside).toBeLessThan(line * 0.3);
  });
});

describe('a line drawn beside an edge, lighter than the sheet\'s threshold', () => {
  const beside = land()(5).beside;
  // a sheet whose threshold the stroke beside column 5 reaches three quarters of
  const cal = (inkLevel: number): InkCalibration => ({ threshold: beside / 0.75, blank: beside / 1.5, drawn: beside * 1.6, inkLevel, paperLevel: 0.01 });

  it('is doubted on pale pencil, where a stroke traced off its line is lighter against the threshold', () => {
    expect(land(cal(0.15))(5).flagged).toBe(true);
  });

  it('is not on darker pencil, nor are the doodle and the shading on pale pencil', () => {
    expect(land(cal(0.29))(5).flagged).toBe(false);
    const pale = land(cal(0.15));
    expect(pale(8).flagged || pale(10).flagged).toBe(false);
  });
});
