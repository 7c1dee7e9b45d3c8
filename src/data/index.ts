export * from './load.js';
export * from './state.js';
export * from './zod-errors.js';
export * from './game-file.js';
