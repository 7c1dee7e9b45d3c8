import { describe, expect, it } from 'vitest';
import type { Cell } from '../../src/engine/types.js';
import { sheetA, sheetB } from './build.js';

/** Cards in play for a test: one per type, with the card under test swapped in. */
const cardsWith = (name: string) => {
  const base = { treasure: 'Gold', small: 'Archaeopteryx', medium: 'Australopithecus', large: 'Mammothus', ruin: 'Road' };
  const slot: Record<string, keyof typeof base> = {
    Gold: 'treasure', Diamond: 'treasure', 'Stone Mask': 'treasure',
    Archaeopteryx: 'small', Ammonoidea: 'small', 'Giant Trilobite': 'small',
    Australopithecus: 'medium', Pappochelys: 'medium', 'Panthera Onca Augusta': 'medium',
    Mammothus: 'large', Lagenanectes: 'large', 'Tyrannosaurus Rex': 'large',
    Pyramid: 'ruin', Settlement: 'ruin', Road: 'ruin',
  };
  return Object.values({ ...base, [slot[name]]: name });
};

const pointsOf = (score: ReturnType<ReturnType<typeof sheetA>['score']>, card: string) =>
  score.discoveries.filter((d) => d.card === card).map((d) => d.points);

const domino = (r: number, c: number): Cell[] => [[r, c], [r, c + 1]];

describe('small fossils', () => {
  it('Archaeopteryx pays +1 next to a treasure, not elsewhere', () => {
    const s = sheetA(cardsWith('Archaeopteryx')).region(...domino(2, 2)).region([2, 4]).region(...domino(8, 8)).score();
    expect(pointsOf(s, 'Archaeopteryx').sort()).toEqual([1, 2]);
    expect(s.cards.Archaeopteryx).toBe(3);
  });

  it('Ammonoidea pays +1 only when no other fossil touches it', () => {
    const s = sheetA(cardsWith('Ammonoidea')).region(...domino(2, 2)).region(...domino(3, 2)).region(...domino(8, 8)).score();
    // the two stacked dominoes touch each other; the lone one pays
    expect(pointsOf(s, 'Ammonoidea').sort()).toEqual([1, 1, 2]);
  });

  it('Giant Trilobite pays +1 next to an egg (an egg outside the discovery)', () => {
    const s = sheetA(cardsWith('Giant Trilobite')).egg(2, 4).region(...domino(2, 2)).region(...domino(8, 8)).score();
    expect(pointsOf(s, 'Giant Trilobite').sort()).toEqual([1, 2]);
  });
});

describe('medium fossils', () => {
  it('Australopithecus pays +1 away from the center, not touching it', () => {
    const s = sheetA(cardsWith('Australopithecus')).region([5, 3], [5, 4], [5, 5]).region([1, 1], [2, 1], [3, 1]).score();
    expect(pointsOf(s, 'Australopithecus').sort()).toEqual([2, 3]);
  });

  it('Pappochelys pays +1 next to a hole (player hole or pre-drawn)', () => {
    const s = sheetA(cardsWith('Pappochelys')).region([2, 2], [2, 3], [3, 2]).hole(3, 3).region([8, 8], [8, 9], [9, 9]).score();
    expect(pointsOf(s, 'Pappochelys').sort()).toEqual([2, 3]);
    const b = sheetB(cardsWith('Pappochelys')).region([2, 2], [2, 3], [3, 2]).mapHole(1, 2).score();
    expect(pointsOf(b, 'Pappochelys')).toEqual([3]);
  });

  it('Panthera Onca Augusta pays +1 next to another fossil', () => {
    const s = sheetA(cardsWith('Panthera Onca Augusta'))
      .region([2, 2], [2, 3], [3, 2])
      .region(...domino(3, 3))
      .region([8, 8], [8, 9], [9, 9])
      .score();
    expect(pointsOf(s, 'Panthera Onca Augusta').sort()).toEqual([2, 3]);
  });
});

describe('large fossils', () => {
  it('Mammothus pays +1 when the center point is one of its corners', () => {
    const s = sheetA(cardsWith('Mammothus')).region([4, 4], [4, 5], [5, 4], [5, 5]).region([0, 0], [0, 1], [1, 0], [1, 1]).score();
    expect(pointsOf(s, 'Mammothus').sort()).toEqual([4, 5]);
  });

  it('Lagenanectes pays +1 unless an egg is next to it', () => {
    const s = sheetA(cardsWith('Lagenanectes')).egg(1, 1).region([1, 2], [1, 3], [2, 1], [2, 2]).region([8, 8], [8, 9], [9, 7], [9, 8]).score();
    expect(pointsOf(s, 'Lagenanectes').sort()).toEqual([4, 5]);
  });

  it('Tyrannosaurus Rex pays +1 on the outer ring', () => {
    const s = sheetA(cardsWith('Tyrannosaurus Rex')).region([0, 3], [0, 4], [0, 5], [1, 4]).region([4, 2], [5, 2], [6, 2], [5, 3]).score();
    expect(pointsOf(s, 'Tyrannosaurus Rex').sort()).toEqual([4, 5]);
  });
});

describe('treasures score only when their condition holds', () => {
  it('Gold: 1 on the borderline, 0 inside', () => {
    const s = sheetA(cardsWith('Gold')).region([0, 5]).region([4, 2]).score();
    expect(pointsOf(s, 'Gold').sort()).toEqual([0, 1]);
    expect(s.cards.Gold).toBe(1);
  });

  it('Diamond: 1 next to any fossil', () => {
    const s = sheetA(cardsWith('Diamond')).region([3, 3]).region(...domino(3, 4)).region([8, 8]).score();
    expect(pointsOf(s, 'Diamond').sort()).toEqual([0, 1]);
  });

  it('Stone Mask: 1 next to another treasure (paying or not), 0 alone', () => {
    const s = sheetA(cardsWith('Stone Mask')).region([3, 3]).region([3, 4]).region([8, 8]).score();
    expect(pointsOf(s, 'Stone Mask').sort()).toEqual([0, 1, 1]);
  });
});

describe('ruins score 7 only when their condition holds', () => {
  const pyramid: Cell[] = [[0, 2], [1, 1], [1, 2], [2, 0], [2, 1]];
  it('Pyramid: on the borderline', () => {
    const inner = pyramid.map(([r, c]) => [r + 4, c + 4] as Cell);
    const s = sheetA(cardsWith('Pyramid')).region(...pyramid).region(...inner).score();
    expect(pointsOf(s, 'Pyramid').sort((a, b) => a - b)).toEqual([0, 7]);
  });

  it('Settlement: next to an egg', () => {
    const u: Cell[] = [[3, 3], [3, 5], [4, 3], [4, 4], [4, 5]];
    const s = sheetA(cardsWith('Settlement')).egg(3, 4).region(...u).region(...u.map(([r, c]) => [r + 5, c] as Cell)).score();
    // the egg sits in the U's notch: outside the discovery, adjacent to it
    expect(pointsOf(s, 'Settlement').sort((a, b) => a - b)).toEqual([0, 7]);
  });

  it('Road: next to 3 or more distinct fossils', () => {
    const road: Cell[] = [[5, 1], [5, 2], [5, 3], [5, 4], [5, 5]];
    const three = sheetA(cardsWith('Road')).region(...road).region(...domino(4, 1)).region(...domino(4, 3)).region(...domino(6, 2)).score();
    expect(pointsOf(three, 'Road')).toEqual([7]);
    const two = sheetA(cardsWith('Road')).region(...road).region(...domino(4, 1)).region(...domino(4, 3)).score();
    expect(pointsOf(two, 'Road')).toEqual([0]);
  });
});

describe('discoveries', () => {
  it('match in every rotation and mirror image', () => {
    const t: Cell[][] = [
      [[1, 1], [1, 2], [1, 3], [2, 2]],
      [[4, 1], [5, 1], [6, 1], [5, 2]],
      [[8, 2], [9, 1], [9, 2], [9, 3]],
      [[4, 6], [5, 5], [5, 6], [6, 6]],
    ];
    const b = sheetA(cardsWith('Tyrannosaurus Rex'));
    for (const cells of t) b.region(...cells);
    expect(b.score().discoveries.filter((d) => d.card === 'Tyrannosaurus Rex')).toHaveLength(4);
  });

  it('a region holding a hole is not a discovery', () => {
    const s = sheetA(cardsWith('Mammothus')).region([2, 2], [2, 3], [3, 2], [3, 3]).hole(2, 2).score();
    expect(s.discoveries).toHaveLength(0);
  });

  it('a region of the right size but the wrong shape is not a discovery', () => {
    const s = sheetA(cardsWith('Mammothus')).region([2, 2], [2, 3], [2, 4], [2, 5]).score();
    expect(s.discoveries.filter((d) => d.card === 'Mammothus')).toHaveLength(0);
  });
});

describe('penalties and totals', () => {
  it('-2 for each egg inside a discovery; eggs in other regions cost nothing', () => {
    const s = sheetA(cardsWith('Mammothus')).egg(2, 2).egg(9, 9).region([2, 2], [2, 3], [3, 2], [3, 3]).score();
    expect(s.penalties).toBe(2);
    expect(s.penaltyDetail.eggs).toBe(1);
    expect(s.total).toBe(4 - 2);
  });

  it('sheet B: -2 for each pre-drawn hole closed on all four sides, borderline included', () => {
    const s = sheetB(cardsWith('Mammothus')).mapHole(0, 0).mapHole(5, 8).mapHole(9, 9).region([0, 0]).region([5, 8]).score();
    expect(s.penaltyDetail.enclosedHoles).toBe(2);
    expect(s.penalties).toBe(4);
    // a hole open on one side is no penalty
    const open = sheetB(cardsWith('Mammothus')).mapHole(5, 8).region([5, 8], [5, 9]).score();
    expect(open.penaltyDetail.enclosedHoles).toBe(0);
  });

  it('sheet A never charges for enclosed holes', () => {
    const s = sheetA(cardsWith('Mammothus')).hole(5, 8).region([5, 8]).score();
    expect(s.penalties).toBe(0);
  });

  it('total = card sums - penalties; sheet B gets its solo title', () => {
    const b = sheetB(cardsWith('Pyramid'))
      .region([0, 2], [1, 1], [1, 2], [2, 0], [2, 1])
      .region([0, 9], [1, 10], [1, 9], [2, 11], [2, 10])
      .region([9, 9], [9, 10], [10, 9], [10, 10]);
    const s = b.score();
    expect(s.cards.Pyramid).toBe(14);
    expect(s.cards.Mammothus).toBe(4);
    expect(s.total).toBe(18);
    expect(s.title).toBe('Adventurer professor');
    expect(sheetA(cardsWith('Pyramid')).score().title).toBeUndefined();
  });

  it('solo titles at their bounds', async () => {
    const { soloTitle } = await import('../../src/engine/score.js');
    const { game } = await import('./build.js');
    const titles = game.sheets.B.soloTitles;
    expect([-4, 5, 6, 15, 16, 25, 26, 35, 36, 50, 51].map((t) => soloTitle(titles, t))).toEqual([
      'Past destroyer', 'Past destroyer', 'Student', 'Student', 'Adventurer professor', 'Adventurer professor',
      'Veteran explorer', 'Veteran explorer', 'Exotic discoverer', 'Exotic discoverer', 'Time traveler',
    ]);
  });
});
