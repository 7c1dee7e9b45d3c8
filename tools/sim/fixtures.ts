/**
 * The committed photo fixtures (`npm run fixtures:photos`): a fixed list of simulated photos with their truth in
 * fixtures/photos/, chosen to cover both sides and papers, every difficulty and the hard cases by name.
 * Most are 8-9 MP at JPEG quality <= 85 to keep the folder small; a few are 12 MP.
 */
import { readdirSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { projectRoot } from '../../src/data/load.js';
import { setSheet, type Difficulty, type SimKnobs } from './difficulty.js';
import { writePhoto } from './generate.js';
import { simulatePhoto } from './simulate-photo.js';

export const FIXTURE_DIR = join(projectRoot, 'fixtures', 'photos');

type Tweak = (k: SimKnobs) => void;

export interface FixtureSpec {
  name: string;
  difficulty: Difficulty;
  /** photo size in megapixels: 8, 9 or 12 */
  mp: 8 | 9 | 12;
  tweak: Tweak;
}

const MP: Record<FixtureSpec['mp'], [number, number]> = { 8: [3264, 2448], 9: [3456, 2592], 12: [4000, 3000] };

// knob helpers
const sheet = (side: 'A' | 'B', paper: 'a4' | 'letter'): Tweak => (k) => setSheet(k, side, paper);
const pencil = (instrument: 'pen' | 'hb' | 'faint'): Tweak => (k) => (k.pencil.instrument = instrument);
const rotation = (deg: number): Tweak => (k) => (k.camera.rotationDeg = deg);
const tilt = (deg: number): Tweak => (k) => (k.camera.tiltDeg = deg);
const fill = (f: number, wholePage = true): Tweak => (k) => ((k.camera.fill = f), (k.camera.wholePage = wholePage));
const table = (t: SimKnobs['photo']['table']): Tweak => (k) => (k.photo.table = t);
const exif = (e: 1 | 3 | 6 | 8): Tweak => (k) => (k.photo.exif = e);
const shadow = (depth: number, shape: 'phone' | 'hand' | 'phone-and-hand' | 'edge' = 'phone-and-hand'): Tweak => (k) =>
  (k.photo.light.shadow = { depth, penumbra: 0.006, shape, at: [0.55, 0.5], angleDeg: 35, size: 0.5 });
const glare = (g: number): Tweak => (k) => ((k.photo.light.glare = g), (k.photo.light.glareAt = [0.55, 0.5]));
const curl = (amount: number, edge = 2): Tweak => (k) => (k.photo.curl = { edge, amount, band: 0.25 });
const motion = (length: number): Tweak => (k) => (k.photo.blur = { kind: 'motion', sigma: 0, length, angleDeg: 30 });
const cast = (r: number, b: number): Tweak => (k) => (k.photo.light.cast = [r, 1, b]);
const all = (...t: Tweak[]): Tweak => (k) => t.forEach((f) => f(k));

export const FIXTURES: FixtureSpec[] = [
  { name: 'sample', difficulty: 'medium', mp: 9, tweak: all(sheet('A', 'a4'), pencil('hb'), rotation(-4), tilt(14), fill(0.6), table('wood'), exif(1), (k) => ((k.photo.light.shadow = null), (k.photo.curl = null), (k.photo.light.glare = 0), (k.pencil.extras = true))) },
  { name: '01-easy-a-a4-pen', difficulty: 'easy', mp: 12, tweak: all(sheet('A', 'a4'), pencil('pen')) },
  { name: '02-easy-b-letter-hb', difficulty: 'easy', mp: 9, tweak: all(sheet('B', 'letter'), pencil('hb')) },
  { name: '03-easy-a-letter-hb', difficulty: 'easy', mp: 8, tweak: all(sheet('A', 'letter'), pencil('hb')) },
  { name: '04-easy-b-a4-pen', difficulty: 'easy', mp: 8, tweak: all(sheet('B', 'a4'), pencil('pen')) },
  { name: '05-easy-a-a4-exif6', difficulty: 'easy', mp: 9, tweak: all(sheet('A', 'a4'), pencil('hb'), exif(6)) },
  { name: '06-easy-a-letter-pen', difficulty: 'easy', mp: 9, tweak: all(sheet('A', 'letter'), pencil('pen')) },
  { name: '07-easy-b-letter-12mp', difficulty: 'easy', mp: 12, tweak: all(sheet('B', 'letter'), pencil('hb')) },
  { name: '08-medium-a-a4-faint', difficulty: 'medium', mp: 9, tweak: all(sheet('A', 'a4'), pencil('faint')) },
  { name: '09-medium-b-a4-upside-down', difficulty: 'medium', mp: 8, tweak: all(sheet('B', 'a4'), pencil('hb'), rotation(178)) },
  { name: '10-medium-a-letter-sideways', difficulty: 'medium', mp: 9, tweak: all(sheet('A', 'letter'), pencil('hb'), rotation(91)) },
  { name: '11-medium-a-a4-shadow', difficulty: 'medium', mp: 8, tweak: all(sheet('A', 'a4'), pencil('pen'), shadow(0.4, 'phone')) },
  { name: '12-medium-b-letter-curl', difficulty: 'medium', mp: 9, tweak: all(sheet('B', 'letter'), pencil('hb'), curl(4, 0)) },
  { name: '13-medium-a-letter-faint-exif8', difficulty: 'medium', mp: 8, tweak: all(sheet('A', 'letter'), pencil('faint'), exif(8)) },
  { name: '14-medium-a-a4-motion-blur', difficulty: 'medium', mp: 9, tweak: all(sheet('A', 'a4'), pencil('hb'), motion(5)) },
  { name: '15-medium-b-a4-busy-table', difficulty: 'medium', mp: 8, tweak: all(sheet('B', 'a4'), pencil('pen'), table('busy')) },
  { name: '16-medium-a-a4-light-table', difficulty: 'medium', mp: 9, tweak: all(sheet('A', 'a4'), pencil('hb'), table('light')) },
  { name: '17-medium-a-letter-12mp', difficulty: 'medium', mp: 12, tweak: all(sheet('A', 'letter'), pencil('hb')) },
  { name: '18-hard-a-a4-faint-shadow', difficulty: 'hard', mp: 9, tweak: all(sheet('A', 'a4'), pencil('faint'), shadow(0.55)) },
  { name: '19-hard-b-letter-tilt-34', difficulty: 'hard', mp: 9, tweak: all(sheet('B', 'letter'), pencil('hb'), tilt(34)) },
  { name: '20-hard-a-a4-upside-down', difficulty: 'hard', mp: 8, tweak: all(sheet('A', 'a4'), pencil('hb'), rotation(-177)) },
  { name: '21-hard-a-letter-small-sheet', difficulty: 'hard', mp: 9, tweak: all(sheet('A', 'letter'), pencil('faint'), fill(0.3)) },
  { name: '22-hard-b-a4-dark-busy-table', difficulty: 'hard', mp: 8, tweak: all(sheet('B', 'a4'), pencil('hb'), table('dark-busy')) },
  { name: '23-hard-a-a4-faint-glare', difficulty: 'hard', mp: 9, tweak: all(sheet('A', 'a4'), pencil('faint'), glare(0.3)) },
  { name: '24-hard-a-letter-cast-exif3', difficulty: 'hard', mp: 8, tweak: all(sheet('A', 'letter'), pencil('hb'), cast(1.18, 0.8), exif(3)) },
  { name: '25-hard-b-a4-pen-motion-blur', difficulty: 'hard', mp: 9, tweak: all(sheet('B', 'a4'), pencil('pen'), motion(8)) },
  { name: '26-hard-a-a4-curl-shadow', difficulty: 'hard', mp: 8, tweak: all(sheet('A', 'a4'), pencil('hb'), curl(-6, 1), shadow(0.45, 'hand')) },
  { name: '27-hard-a-letter-faint-12mp', difficulty: 'hard', mp: 12, tweak: all(sheet('A', 'letter'), pencil('faint')) },
  { name: '28-extreme-a-a4-faint-dark-busy-shadow', difficulty: 'extreme', mp: 9, tweak: all(sheet('A', 'a4'), pencil('faint'), table('dark-busy'), shadow(0.6)) },
  { name: '29-extreme-b-letter-tilt-35-upside-down', difficulty: 'extreme', mp: 9, tweak: all(sheet('B', 'letter'), pencil('faint'), tilt(35), rotation(183)) },
  { name: '30-extreme-a-letter-small-busy', difficulty: 'extreme', mp: 8, tweak: all(sheet('A', 'letter'), pencil('hb'), fill(0.3), table('busy')) },
  { name: '31-extreme-a-a4-faint-glare-light-table', difficulty: 'extreme', mp: 9, tweak: all(sheet('A', 'a4'), pencil('faint'), glare(0.35), table('light')) },
  { name: '32-extreme-b-a4-edge-cut', difficulty: 'extreme', mp: 8, tweak: all(sheet('B', 'a4'), pencil('faint'), fill(1, false)) },
];

/** Fixture JPEGs are kept at quality <= 85 (the folder stays well under 70 MB). */
const capQuality: Tweak = (k) => (k.photo.jpegQuality = Math.min(85, k.photo.jpegQuality));

export async function writeFixtures(dir = FIXTURE_DIR, onDone?: (name: string, i: number, n: number) => void): Promise<void> {
  const keep = new Set<string>();
  for (const [i, f] of FIXTURES.entries()) {
    // the preset alone: the fixtures are named cases, made the same by every version of the simulator since 1
    const { jpeg, truth } = await simulatePhoto(`fixture:${f.name}`, f.difficulty, { sizes: [MP[f.mp]], conditions: 'none', tweak: all(f.tweak, capQuality) });
    writePhoto(dir, f.name, jpeg, truth);
    keep.add(`${f.name}.jpg`).add(`${f.name}.truth.json`);
    onDone?.(f.name, i + 1, FIXTURES.length);
  }
  // drop photos of names no longer in the list
  for (const file of readdirSync(dir)) if ((file.endsWith('.jpg') || file.endsWith('.truth.json')) && !keep.has(file)) unlinkSync(join(dir, file));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const t0 = performance.now();
  await writeFixtures(FIXTURE_DIR, (name, i, n) => process.stderr.write(`${i}/${n} ${name}\n`));
  process.stdout.write(`wrote ${FIXTURES.length} photos and truth files to fixtures/photos in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
}
