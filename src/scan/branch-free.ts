/**
 * The larger and the smaller of two small whole numbers (under 2^31 apart), without a branch: in per-pixel loops
 * where either side wins as often as not, a mispredicted branch costs more than the arithmetic.
 */
export const maxOf = (a: number, b: number): number => a - ((a - b) & ((a - b) >> 31));
export const minOf = (a: number, b: number): number => b + ((a - b) & ((a - b) >> 31));
