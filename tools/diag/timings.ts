/** Diagnostic: the scanner's time by stage on a photo (median of five reads after a warm-up). */
import { readFileSync } from 'node:fs';
import { loadGame } from '../../src/data/load.js';
import { scanPhoto } from '../../src/scan/scan.js';

const game = loadGame();
const photo = readFileSync(process.argv[2] ?? 'fixtures/photos/17-medium-a-letter-12mp.jpg');
await scanPhoto(photo, game, { keepDoubtful: true });
const runs: Record<string, number>[] = [];
for (let i = 0; i < 5; i++) runs.push((await scanPhoto(photo, game, { keepDoubtful: true })).timings);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(Object.keys(runs[0]).map((k) => `${k} ${median(runs.map((r) => r[k])).toFixed(1)}`).join(', '));
