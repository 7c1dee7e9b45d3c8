import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { mm } from '../../src/geometry/sheet-layout.js';
import { readSheetQr } from '../../src/scan/qr.js';
import { scanPhoto } from '../../src/scan/scan.js';

describe("the sheet's QR code", () => {
  it('is found in the whole photo when the pose puts its box a few modules off', async () => {
    const game = loadGame();
    const photo = 'fixtures/photos/03-easy-a-letter-hb.jpg';
    const truth = JSON.parse(readFileSync(photo.replace(/\.jpg$/, '.truth.json'), 'utf8'));
    const r = await scanPhoto(readFileSync(photo), game, { keepDoubtful: true });
    // the same pose moved 12 mm on the page: the patch cut out of the photo misses a third of the code
    const h = r.pose.pageToImage;
    const shifted = Float64Array.from(h);
    const d = mm(12);
    // pageToImage(x, y) becomes pageToImage(x + d, y + d): columns 0 and 1 feed the translation column
    for (let row = 0; row < 3; row++) shifted[row * 3 + 2] += d * (h[row * 3] + h[row * 3 + 1]);
    const cards = game.cards.map((c) => c.name);
    const qr = await readSheetQr(r.photo, { ...r.pose, pageToImage: shifted }, cards);
    expect(qr?.tag?.player).toBe(truth.player);
    expect(qr?.tag?.game).toBe(truth.game);
  }, 60_000);
});
