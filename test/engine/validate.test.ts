import { describe, expect, it } from 'vitest';
import { parseSheet, validateState } from '../../src/data/state.js';
import { blankState } from '../../src/engine/board.js';
import { UserError } from '../../src/errors.js';
import { game } from './build.js';

const good = () => blankState('A', ['Gold', 'Archaeopteryx', 'Pappochelys', 'Mammothus', 'Road']);
const msg = (json: unknown) => {
  try {
    validateState(game, json, 'x.json');
  } catch (e) {
    expect(e).toBeInstanceOf(UserError);
    return (e as Error).message;
  }
  throw new Error('expected a validation error');
};

describe('sheet state validation: one line naming the field', () => {
  it('accepts a good state and normalises card name case', () => {
    const s = { ...good(), cards: ['gold', 'Archaeopteryx', 'Pappochelys', 'Mammothus', 'Road'] };
    expect(validateState(game, s, 'x.json').cards[0]).toBe('Gold');
  });
  it('unknown card', () => {
    expect(msg({ ...good(), cards: ['Gold', 'Unicorn', 'Pappochelys', 'Mammothus', 'Road'] })).toMatch(/^x\.json: cards\[1\]: unknown card "Unicorn": expected one of Archaeopteryx/);
  });
  it('wrong number of cards', () => {
    expect(msg({ ...good(), cards: ['Gold'] })).toBe('x.json: cards: expected the 5 cards in play, found 1');
  });
  it('wrong array sizes', () => {
    const s = good();
    expect(msg({ ...s, fences: { ...s.fences, h: s.fences.h.slice(1) } })).toBe('x.json: fences.h: expected 13 strings (one per vertex row), found 12');
    expect(msg({ ...s, fences: { ...s.fences, v: s.fences.v.map((x, i) => (i === 3 ? x + '0' : x)) } })).toBe('x.json: fences.v[3]: expected 13 characters, found 14');
  });
  it('characters other than 0 and 1', () => {
    const s = good();
    expect(msg({ ...s, fences: { ...s.fences, h: s.fences.h.map((x, i) => (i === 4 ? '0000x0000000' : x)) } })).toBe('x.json: fences.h[4]: expected only "0" and "1", found "0000x0000000"');
  });
  it('borderline not set', () => {
    const s = good();
    expect(msg({ ...s, fences: { ...s.fences, h: s.fences.h.map((x, i) => (i === 12 ? '011111111111' : x)) } })).toBe('x.json: fences.h[12]: the borderline must be all "1"');
    expect(msg({ ...s, fences: { ...s.fences, v: s.fences.v.map((x, i) => (i === 2 ? '0' + x.slice(1) : x)) } })).toBe('x.json: fences.v[2]: the borderline (first and last character) must be "1"');
  });
  it('holes outside the land, bad side, missing keys', () => {
    expect(msg({ ...good(), holes: [[12, 0]] })).toBe('x.json: holes[0]: cell (12, 0) is outside the 12 x 12 land');
    expect(msg({ ...good(), side: 'C' })).toBe('x.json: side: expected "A" or "B"');
    expect(msg({ side: 'A' })).toMatch(/^x\.json: cards: /);
  });
  it('malformed JSON and bad notation', () => {
    expect(() => parseSheet(game, '{"side": ', 'y.json')).toThrow(/^y\.json: malformed JSON/);
    expect(() => parseSheet(game, 'side: A\ncards: Gold\n+--+\n', 'y.txt')).toThrow(/^y\.txt: line 3: /);
  });
});
