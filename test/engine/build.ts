import { loadGame } from '../../src/data/load.js';
import { emptyBoard, fencesOf, type Board } from '../../src/engine/board.js';
import { scoreState } from '../../src/engine/score.js';
import type { Cell, Score, SheetState, Side } from '../../src/engine/types.js';

export const game = loadGame();

/** A small sheet builder for worked examples: fence the outline of cell sets, mark holes, choose the map. */
export class SheetBuilder {
  board: Board;
  holes: Cell[] = [];
  eggs: Cell[] = [];
  mapHoles: Cell[] = [];
  constructor(
    readonly side: Side,
    readonly cards: string[],
  ) {
    this.board = emptyBoard(12, 12);
  }

  /** Fences every edge between a cell of the set and a cell outside it. */
  region(...cells: Cell[]): this {
    const inSet = new Set(cells.map(([r, c]) => r * 12 + c));
    const b = this.board;
    for (const [r, c] of cells) {
      if (!inSet.has(r * 12 + c + 1) || c === 11) b.v[r * 13 + c + 1] = 1;
      if (!inSet.has(r * 12 + c - 1) || c === 0) b.v[r * 13 + c] = 1;
      if (!inSet.has((r + 1) * 12 + c)) b.h[(r + 1) * 12 + c] = 1;
      if (!inSet.has((r - 1) * 12 + c)) b.h[r * 12 + c] = 1;
    }
    return this;
  }

  hole(r: number, c: number): this {
    this.holes.push([r, c]);
    return this;
  }

  egg(r: number, c: number): this {
    this.eggs.push([r, c]);
    return this;
  }

  mapHole(r: number, c: number): this {
    this.mapHoles.push([r, c]);
    return this;
  }

  state(): SheetState {
    return {
      side: this.side,
      cards: this.cards,
      fences: fencesOf(this.board),
      holes: this.holes,
      map: { eggs: this.eggs, holes: this.mapHoles },
    };
  }

  score(): Score {
    return scoreState(game, this.state());
  }
}

export const sheetA = (cards: string[]) => new SheetBuilder('A', cards);
export const sheetB = (cards: string[]) => new SheetBuilder('B', cards);
