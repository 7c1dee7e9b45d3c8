import type { SheetState } from '../../src/engine/types.js';
import type { UncertainItem } from '../../src/scan/scan.js';

/** How a scan compares with the truth: every misread item, and whether each was flagged. */
export interface Evaluation {
  edges: number;
  edgeErrors: { kind: 'h' | 'v'; row: number; col: number; truth: boolean }[];
  holeErrors: { row: number; col: number; truth: boolean }[];
  /** All edges and holes right (flags or not). */
  exact: boolean;
  /** Some item wrong and not flagged: the worst outcome. */
  confidentWrong: boolean;
  flagged: number;
}

export function evaluate(truth: SheetState, read: SheetState, uncertain: UncertainItem[]): Evaluation {
  const flagged = new Set(uncertain.map((u) => `${u.kind}${u.row},${u.col}`));
  const edgeErrors: Evaluation['edgeErrors'] = [];
  let edges = 0;
  for (const kind of ['h', 'v'] as const) {
    const t = truth.fences[kind];
    const r = read.fences[kind];
    for (let i = 0; i < t.length; i++)
      for (let j = 0; j < t[i].length; j++) {
        const border = kind === 'h' ? i === 0 || i === t.length - 1 : j === 0 || j === t[i].length - 1;
        if (border) continue;
        edges++;
        if (t[i][j] !== r[i][j]) edgeErrors.push({ kind, row: i, col: j, truth: t[i][j] === '1' });
      }
  }
  const key = (c: [number, number]) => `${c[0]},${c[1]}`;
  const th = new Set(truth.holes.map(key));
  const rh = new Set(read.holes.map(key));
  const holeErrors: Evaluation['holeErrors'] = [];
  for (const k of new Set([...th, ...rh])) {
    if (th.has(k) !== rh.has(k)) {
      const [row, col] = k.split(',').map(Number);
      holeErrors.push({ row, col, truth: th.has(k) });
    }
  }
  const unflagged = edgeErrors.some((e) => !flagged.has(`${e.kind}${e.row},${e.col}`)) || holeErrors.some((h) => !flagged.has(`hole${h.row},${h.col}`));
  return {
    edges,
    edgeErrors,
    holeErrors,
    exact: edgeErrors.length === 0 && holeErrors.length === 0,
    confidentWrong: unflagged,
    flagged: uncertain.length,
  };
}
