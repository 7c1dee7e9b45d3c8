import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { onEitherPaper } from '../../src/scan/local-pose.js';
import { printScores, readPrintedSetup } from '../../src/scan/printed-setup.js';
import { scanPhoto } from '../../src/scan/scan.js';

const game = loadGame();

describe('the setup read from the print', () => {
  // Side B on Letter, upside down: the side, the paper and every card from the print, whatever paper it was first taken for.
  for (const photo of ['fixtures/photos/07-easy-b-letter-12mp.jpg', 'fixtures/photos/09-medium-b-a4-upside-down.jpg']) {
    it(`reads ${photo.split('/').pop()}: side, paper and cards`, async () => {
      const truth = JSON.parse(readFileSync(photo.replace(/\.jpg$/, '.truth.json'), 'utf8'));
      const r = await scanPhoto(readFileSync(photo), game, { keepDoubtful: true });
      const other = onEitherPaper(r.pose).find((p) => p.paper !== truth.paper)!;
      for (const pose of [r.pose, other]) {
        const read = await readPrintedSetup(r.photo, pose, r.grid, game);
        expect(read).toMatchObject({ side: truth.side, cards: truth.cards });
        expect(read!.pose.paper).toBe(truth.paper);
      }
      // each card's box tells its card from the others of its type by a clear lead
      const scores = await printScores(r.photo, r.pose, r.grid, game);
      for (const [i, c] of scores.cards.entries()) {
        const right = c.scores[c.names.indexOf(truth.cards[i])];
        expect(right - Math.max(...c.scores.filter((s) => s !== right))).toBeGreaterThan(0.2);
      }
    }, 60_000);
  }
});
