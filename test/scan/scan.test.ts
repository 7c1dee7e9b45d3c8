import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadGame } from '../../src/data/load.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { simulatePhoto, type SimulatedPhoto } from '../../tools/sim/simulate-photo.js';
import { baako } from '../cli/run.js';
import { scanSchema } from '../../src/data/formats.js';
import { fadedPhoto, trueRolls, truthOf } from '../helpers/fade.js';
import { evaluate } from './evaluate.js';

const game = loadGame();
const tmp = mkdtempSync(join(tmpdir(), 'baako-scan-'));
let easy: SimulatedPhoto;
let easyPath: string;

beforeAll(async () => {
  easy = await simulatePhoto('scan-test-easy', 'easy', { sizes: [[3264, 2448]] });
  // The truth's coordinates are for the upright photo: store it upright so painting over parts of it lands right.
  easy = { ...easy, jpeg: await sharp(easy.jpeg).rotate().jpeg({ quality: 92 }).toBuffer() };
  easyPath = join(tmp, 'easy.jpg');
  writeFileSync(easyPath, easy.jpeg);
  writeFileSync(join(tmp, 'game.json'), JSON.stringify({ id: easy.truth.game, seed: easy.truth.seed, side: easy.truth.side, cards: easy.truth.cards, players: easy.truth.players, paper: easy.truth.paper }));
});

/** The photo with a rectangle (in the photo's pixels) painted over. */
async function paintOver(jpeg: Buffer, box: { left: number; top: number; width: number; height: number }, colour = '#ffffff'): Promise<Buffer> {
  const patch = await sharp({ create: { width: Math.round(box.width), height: Math.round(box.height), channels: 3, background: colour } }).png().toBuffer();
  return sharp(jpeg).composite([{ input: patch, left: Math.round(box.left), top: Math.round(box.top) }]).jpeg({ quality: 90 }).toBuffer();
}

const boxOf = (pts: [number, number][], pad: number) => {
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  return { left: Math.min(...xs) - pad, top: Math.min(...ys) - pad, width: Math.max(...xs) - Math.min(...xs) + 2 * pad, height: Math.max(...ys) - Math.min(...ys) + 2 * pad };
};

describe('scanPhoto', () => {
  it('reads an easy photo exactly: fences, holes, player and game from the QR code', async () => {
    const r = await scanPhoto(easy.jpeg, game);
    const e = evaluate(easy.truth, r.state, r.uncertain);
    expect(e.edgeErrors).toEqual([]);
    expect(e.holeErrors).toEqual([]);
    expect(e.confidentWrong).toBe(false);
    expect(r.player).toBe(easy.truth.player);
    expect(r.game).toBe(easy.truth.game);
    expect(r.state.cards).toEqual(easy.truth.cards);
    expect(r.setupFrom).toBe('qr');
    expect(r.score.total).toBe(easy.truth.score);
  });

  it('falls back on the game file when the QR code is covered, and refuses without it', async () => {
    const covered = await paintOver(easy.jpeg, boxOf(easy.truth.sim.qr, 4));
    await expect(scanPhoto(covered, game)).rejects.toThrow(/could not read the sheet's QR code: .*--game game\.json/);
    const r = await scanPhoto(covered, game, { fallback: { side: easy.truth.side, cards: easy.truth.cards, paper: easy.truth.paper } });
    expect(r.setupFrom).toBe('fallback');
    expect(evaluate(easy.truth, r.state, r.uncertain).exact).toBe(true);
  });
});

describe('baako scan errors: one line, exit 2, what to do', () => {
  const expectError = (args: string[], pattern: RegExp) => {
    const r = baako(['scan', ...args]);
    expect(r.code, r.stderr).toBe(2);
    expect(r.stderr).toMatch(pattern);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  };

  it('not an image, a missing file, a tiny image', async () => {
    const txt = join(tmp, 'notes.jpg');
    writeFileSync(txt, 'this is not a photo');
    expectError([txt], /notes\.jpg: not an image this tool can read: use a JPEG, PNG or WebP photo/);
    expectError([join(tmp, 'nope.jpg')], /nope\.jpg: no such file/);
    const tiny = join(tmp, 'tiny.png');
    await sharp({ create: { width: 300, height: 200, channels: 3, background: '#ccc' } }).png().toFile(tiny);
    expectError([tiny], /too small: use the camera's full resolution/);
  });

  it('no sheet in the photo, or a corner square hidden', async () => {
    const table = join(tmp, 'table.jpg');
    const noise = Buffer.alloc(1600 * 1200 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = 90 + ((i * 2654435761) >>> 27);
    await sharp(noise, { raw: { width: 1600, height: 1200, channels: 3 } }).jpeg().toFile(table);
    expectError([table], /no sheet found: photograph the whole sheet, all four corner squares visible/);
    const hidden = join(tmp, 'hidden.jpg');
    writeFileSync(hidden, await paintOver(easy.jpeg, boxOf(easy.truth.sim.markers[2], 40), '#6b5a48'));
    expectError([hidden], /(found only 3 of the sheet's 4 corner squares|could not find the sheet's 4 corner squares .*hidden).*: photograph the whole sheet/);
  });

  it('far too dark', async () => {
    const dark = join(tmp, 'dark.jpg');
    await sharp(easy.jpeg).linear(0.06, 0).jpeg().toFile(dark);
    expectError([dark], /far too dark .*: take it in better light/);
  });

  it('faint pencil on paper washed out white is refused with advice; darker pencil on it is read', async () => {
    const overexposed = (instrument: 'faint' | 'hb', exposure: number) =>
      simulatePhoto('washed-out', 'easy', {
        sizes: [[3264, 2448]],
        tweak: (k) => {
          k.pencil.instrument = instrument;
          k.photo.light.exposure = exposure;
          k.photo.light.shadow = null;
          k.photo.light.glare = 0;
        },
      });
    const faint = await overexposed('faint', 1.3);
    // read anyway, it is wrong: strokes faded into the white
    const kept = await scanPhoto(faint.jpeg, game, { keepDoubtful: true });
    expect(kept.ink.clipped).toBeGreaterThan(0.9);
    expect(evaluate(faint.truth, kept.state, kept.uncertain).exact).toBe(false);
    await expect(scanPhoto(faint.jpeg, game)).rejects.toThrow(/washed out white \(overexposed\).*: retake the photo in softer light/);
    // brighter still, every stroke is gone: a blank land with nothing to doubt, which no finished sheet is
    const gone = await overexposed('faint', 1.5);
    const blank = await scanPhoto(gone.jpeg, game, { keepDoubtful: true });
    expect(blank.uncertain).toEqual([]);
    expect(evaluate(gone.truth, blank.state, blank.uncertain).exact).toBe(false);
    await expect(scanPhoto(gone.jpeg, game)).rejects.toThrow(/found pencil on only \d+ edges where a finished sheet has at least 19 fence edges .*: retake it/);
    const hb = await overexposed('hb', 1.3);
    const r = await scanPhoto(hb.jpeg, game);
    expect(evaluate(hb.truth, r.state, r.uncertain).exact).toBe(true);
  }, 60_000);

  it('reads faint pencil past the limits on doubts when the models are sure of their guesses, likeliest wrong first', async () => {
    // a hard photo never trained on: faint pencil on sheet A, 70 doubts (the limit without the models' guesses: 40)
    const hard = await simulatePhoto('valhard-23', 'hard', { sizes: [[4000, 3000]] });
    const r = await scanPhoto(hard.jpeg, game);
    expect(r.calibration.inkLevel).toBeLessThan(0.13);
    expect(r.uncertain.length).toBeGreaterThan(60);
    expect(r.risks.reduce((a, b) => a + b, 0)).toBeLessThan(1);
    expect(evaluate(hard.truth, r.state, r.uncertain).exact).toBe(true);
    expect(r.risks).toHaveLength(r.uncertain.length);
    expect(r.risks).toEqual([...r.risks].sort((a, b) => b - a));
    // the confidence is the chance every guess is right: high, however many doubts
    expect(r.confidence).toBeCloseTo(r.risks.reduce((c, x) => c * (1 - x), 1), 3);
    expect(r.confidence).toBeGreaterThan(0.9);
  }, 60_000);

  it('reads a QR code blurred past what zxing binarizes on its own', async () => {
    // an extreme training photo: strong blur and a shadow; zxing alone failed on it at every resolution
    const blurred = await simulatePhoto('train-974', 'extreme', { sizes: [[4000, 3000]] });
    const r = await scanPhoto(blurred.jpeg, game);
    expect(r.setupFrom).toBe('qr');
    expect(r.player).toBe(blurred.truth.player);
    expect(r.game).toBe(blurred.truth.game);
    // and one zxing reads only from samples rounded, not cut (the patch handed to it once was cut, and lost it)
    const edge = await simulatePhoto('train-3069', 'extreme', { sizes: [[4000, 3000]] });
    const kept = await scanPhoto(edge.jpeg, game, { keepDoubtful: true });
    expect(kept.setupFrom).toBe('qr');
    expect(kept.player).toBe(edge.truth.player);
  }, 60_000);

  it('a QR code that is not a Baako sheet', async () => {
    const QR = await import('qrcode');
    const box = boxOf(easy.truth.sim.qr, 0);
    const png = await QR.toBuffer('https://example.org/not-baako', { margin: 4, width: Math.round(box.width) });
    const other = join(tmp, 'other.jpg');
    await sharp(easy.jpeg).composite([{ input: png, left: Math.round(box.left), top: Math.round(box.top) }]).jpeg().toFile(other);
    // the stand-in QR is axis-aligned, the sheet may not be: either it reads (not Baako) or it does not read
    const r = baako(['scan', other]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not a Baako sheet's|could not read the sheet's QR code/);
  });

  it('bad --cards and a malformed --game file', () => {
    expectError([easyPath, '--cards', 'Gold,Unicorn'], /--cards: expected the 5 cards in play/);
    expectError([easyPath, '--cards', 'Gold,Unicorn,Road,Mammothus,Pappochelys'], /--cards: unknown card "Unicorn"/);
    const bad = join(tmp, 'bad-game.json');
    writeFileSync(bad, '{"side": "A", "cards": [');
    expectError([easyPath, '--game', bad], /bad-game\.json: malformed JSON/);
  });
});

describe('baako scan output', () => {
  it('prints the player, the breakdown and exits 0 when everything is certain, 3 when something is not', () => {
    const r = baako(['scan', easyPath]);
    expect([0, 3]).toContain(r.code);
    expect(r.stdout).toMatch(new RegExp(`easy\\.jpg: player ${easy.truth.player}: sheet ${easy.truth.side}, total ${easy.truth.score}( \\([A-Za-z ]+\\))?, confidence`));
    if (r.code === 3) expect(r.stdout).toMatch(/uncertain \(\d+/);
    else expect(r.stdout).not.toMatch(/uncertain/);
  });

  it('lists the doubts the likeliest wrong first, those the models are likely right about apart', async () => {
    const photo = 'fixtures/photos/24-hard-a-letter-cast-exif3.jpg';
    const s = await scanPhoto(readFileSync(photo), game);
    const unsure = s.risks.filter((x) => x >= 0.05).length;
    // this photo has both kinds
    expect(unsure).toBeGreaterThan(0);
    expect(unsure).toBeLessThan(s.uncertain.length);
    const r = baako(['scan', photo]);
    expect(r.code).toBe(3);
    const line = r.stdout.split('\n').find((l) => l.includes('uncertain ('))!;
    const [before, after] = line.split(`likely right (${s.uncertain.length - unsure}): `);
    expect(before.split(';').length).toBe(unsure + 1);
    expect(after.split(';').length).toBe(s.uncertain.length - unsure);
  });

  it('--json gives the scan JSON of formats.md, and --overlay writes a PNG', () => {
    const overlay = join(tmp, 'ov.png');
    const r = baako(['scan', easyPath, '--json', '--overlay', overlay]);
    const j = JSON.parse(r.stdout);
    for (const key of ['side', 'cards', 'fences', 'holes', 'score', 'confidence', 'uncertain', 'player', 'game']) expect(j).toHaveProperty(key);
    expect(j.score.total).toBe(easy.truth.score);
    expect(j.confidence).toBeGreaterThan(0);
    expect(j.confidence).toBeLessThanOrEqual(1);
    expect(existsSync(overlay)).toBe(true);
    expect(readFileSync(overlay).subarray(1, 4).toString()).toBe('PNG');
  });

  it('--game with rolls: the reading checked against them, the culprits listed first, on the overlay too', async () => {
    const photo = join(tmp, 'light-x.jpg');
    writeFileSync(photo, await fadedPhoto('sample', [{ kind: 'hole', row: 3, col: 10 }], 0.3));
    const t = truthOf('sample') as unknown as { game: string; seed: string; side: string; cards: string[]; paper: string };
    const gameFile = join(tmp, 'sample-game.json');
    writeFileSync(gameFile, JSON.stringify({ id: t.game, seed: t.seed, side: t.side, cards: t.cards, paper: t.paper, rolls: trueRolls('sample') }));
    const overlay = join(tmp, 'light-x.png');
    const r = baako(['scan', photo, '--game', gameFile, '--overlay', overlay]);
    expect(r.code, r.stderr).toBe(3);
    expect(r.stdout).toContain('\n  does not agree with 15 rolls: holes 4 of 5 (1 missing), fence edges 117 (expected 115-118)\n');
    expect(r.stdout).toContain('\n  The rolls gave 5 holes; 4 were read: is one of these a hole? (listed first below)\n');
    expect(r.stdout).toMatch(/uncertain \(\d+, likeliest wrong first, check on the sheet or the overlay\): hole\? cell 3,10; hole\? cell \d+,\d+; hole\? cell \d+,\d+;/);
    expect(readFileSync(overlay).subarray(1, 4).toString()).toBe('PNG');
    const j = JSON.parse(baako(['scan', photo, '--game', gameFile, '--json']).stdout);
    expect(j.rolls).toEqual(trueRolls('sample'));
    expect(j.rollsCheck).toMatchObject({ agrees: false, holes: 4, note: 'The rolls gave 5 holes; 4 were read: is one of these a hole?' });
    expect(j.rollsCheck.culprits[0]).toEqual({ kind: 'hole', row: 3, col: 10 });
    expect(j.uncertain[0]).toEqual({ kind: 'hole', row: 3, col: 10 });
    expect(scanSchema.safeParse(j).success).toBe(true);
    // The scan JSON is a sheet state with its rolls: baako score checks it again.
    const saved = join(tmp, 'light-x.json');
    writeFileSync(saved, JSON.stringify(j));
    expect(baako(['score', saved]).stdout).toMatch(/does not agree with 15 rolls: holes 4 of 5/);
  });

  it('several photos: a ranked table, and one bad photo fails the run with exit 2 but not the others', () => {
    const txt = join(tmp, 'notes.jpg');
    writeFileSync(txt, 'this is not a photo');
    const r = baako(['scan', easyPath, txt, easyPath]);
    expect(r.code).toBe(2);
    expect(r.stdout).toMatch(/^rank\s+player\s+total\s+finds\s+photo$/m);
    expect(r.stdout.match(/^1\s+/gm)).toHaveLength(2); // the same sheet twice shares first place
    expect(r.stderr).toMatch(/notes\.jpg: not an image/);
  });
});
