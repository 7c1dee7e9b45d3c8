/** Types shared by the whole engine. Pure data: no I/O anywhere in src/engine. */

export type Side = 'A' | 'B';
export type Cell = [row: number, col: number];
export type CardType = 'treasure' | 'small-fossil' | 'medium-fossil' | 'large-fossil' | 'ruin';
export type Category = 'treasure' | 'fossil' | 'ruin';

/** A card condition as structured data (see templates/baako/cards.json). */
export type Condition =
  | { test: 'adjacent'; to: 'egg' | 'hole' | Category; min?: number; negate?: boolean }
  | { test: 'touches'; to: 'center' | 'borderline'; negate?: boolean };

export interface Card {
  name: string;
  type: CardType;
  /** Rows of '#' (cell) and '.' (empty). */
  shape: string[];
  base: number;
  bonus: number;
  condition: Condition;
  wording: string;
}

export interface CardTypeDef {
  id: CardType;
  label: string;
  category: Category;
}

export interface Stroke {
  from: [number, number];
  /** One letter per unit edge: R, L, U, D. */
  moves: string;
}

export interface SpecialFence {
  id: number;
  name: string;
  strokes: Stroke[];
}

export interface SheetMap {
  eggs: Cell[];
  holes: Cell[];
}

export interface DieFace {
  face: number;
  draws: 'hole' | 'fence';
  length?: number;
  text: string;
}

export interface SoloTitle {
  min?: number;
  max?: number;
  title: string;
}

export interface SheetDef {
  side: Side;
  title: string;
  mode: 'multiplayer' | 'solo';
  grid: { rows: number; cols: number };
  center: [number, number];
  map: SheetMap;
  timeline: { turns: number; pausesAfter: number[] };
  dieLegend: DieFace[];
  penalties: { eggInDiscovery: number; enclosedHole: number };
  holeNote: string;
  soloTitles: SoloTitle[];
}

/** Everything the engine needs to know about the game, loaded from templates/ by src/data. */
export interface GameData {
  cards: Card[];
  types: CardTypeDef[];
  specialFences: SpecialFence[];
  sheets: Record<Side, SheetDef>;
}

/** Sheet state JSON (docs/formats.md). */
export interface SheetState {
  side: Side;
  cards: string[];
  fences: { h: string[]; v: string[] };
  holes: Cell[];
  map?: SheetMap;
  /** The game's dice, one pair a turn (a re-rolled double 1 not listed): what the sheet is checked against. */
  rolls?: [number, number][];
}

export interface Discovery {
  card: string;
  cells: Cell[];
  points: number;
  /** Extension: whether the card's condition held for this discovery. */
  conditionMet: boolean;
  /** Extension: eggs inside this discovery (each costs the egg penalty). */
  eggs: number;
}

/** Score JSON (docs/formats.md) with optional extensions. */
export interface Score {
  total: number;
  cards: Record<string, number>;
  penalties: number;
  discoveries: Discovery[];
  /** Extension: what the penalties are made of. */
  penaltyDetail: { eggs: number; enclosedHoles: number };
  /** Extension: sheet B's solo title. */
  title?: string;
}
