/** The Baako rules engine: pure functions over sheet states. No file, image or PDF code here. */
export * from './types.js';
export * from './board.js';
export * from './regions.js';
export * from './shapes.js';
export * from './cards.js';
export * from './score.js';
export * from './notation.js';
export * from './moves.js';
export * from './setup.js';
export * from './random.js';
export * from './simulate.js';
export * from './transform.js';
export * from './ranking.js';
export * from './review.js';
export * from './rolls.js';
