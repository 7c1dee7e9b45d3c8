/**
 * The CLI's inputs, fuzzed (test/helpers/fuzz.ts): sheet JSON and notation (`score`, with rolls), deck layouts and their CSV
 * (`deck`), board data (`board`), game.json (`sheet --game`), photos (`scan`). `scale` multiplies the counts
 * (1 in the tests, more in the benchmark).
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { CliCase } from '../helpers/fuzz-cli.js';
import { mutateBytes, mutateJson, mutateText, type Rand } from '../helpers/fuzz.js';
import { random } from '../helpers/random.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const read = (p: string) => readFileSync(root + p);
const b64 = (x: Buffer | string) => Buffer.from(x).toString('base64');

export function cliCases(seed: number, scale = 1): CliCase[] {
  const r: Rand = random(seed);
  const n = (k: number) => Math.max(1, Math.round(k * scale));
  const sheets = ['fixtures/sheets/example-a.json', 'fixtures/sheets/example-b.json'].map((p) => JSON.parse(read(p).toString()));
  const notations = ['fixtures/sheets/example-a.txt', 'fixtures/sheets/example-b.txt'].map((p) => read(p).toString());
  const layout = JSON.parse(read('templates/examples/potions.layout.json').toString());
  const csv = read('templates/examples/potions.csv').toString();
  const flask = b64(read('templates/examples/flask.png'));
  const board = JSON.parse(read('templates/dig-bag/board.json').toString());
  const game = { id: 'x1', seed: 'g1', side: 'A', cards: ['Gold', 'Archaeopteryx', 'Pappochelys', 'Mammothus', 'Road'], players: 2, paper: 'a4' };
  const photo = read('fixtures/photos/sample.jpg');
  const cases: CliCase[] = [];
  const add = (name: string, args: string[], files: Record<string, string>) => cases.push({ name: `${name} #${cases.length}`, args, files });

  for (let i = 0; i < n(15); i++) add('score sheet.json', ['score', 'sheet.json'], { 'sheet.json': b64(JSON.stringify(mutateJson(sheets[i % 2], r))) });
  for (let i = 0; i < n(4); i++) add('score sheet.json (text)', ['score', 'sheet.json'], { 'sheet.json': b64(mutateText(JSON.stringify(sheets[i % 2], null, 2), r)) });
  for (let i = 0; i < n(15); i++) add('score sheet.txt', ['score', '--json', 'sheet.txt'], { 'sheet.txt': b64(mutateText(notations[i % 2], r)) });
  const rolls = [[3, 4], [1, 6], [2, 2], [5, 5], [6, 1]];
  for (let i = 0; i < n(8); i++) add('score sheet.json with rolls', ['score', 'sheet.json'], { 'sheet.json': b64(JSON.stringify({ ...sheets[0], rolls: mutateJson(rolls, r) })) });
  // (an argument cannot hold a NUL)
  for (let i = 0; i < n(8); i++) add('score --rolls', ['score', 'sheet.json', '--rolls', mutateText('3,4 1,6 2,2 5,5 6,1', r).replace(/\0/g, '')], { 'sheet.json': b64(JSON.stringify(sheets[i % 2])) });
  for (let i = 0; i < n(10); i++) add('deck layout', ['deck', 'deck.layout.json', '--out', 'o.pdf'], { 'deck.layout.json': b64(JSON.stringify(mutateJson(layout, r))), 'potions.csv': b64(csv), 'flask.png': flask });
  for (let i = 0; i < n(10); i++) add('deck csv', ['deck', 'deck.layout.json', '--out', 'o.pdf'], { 'deck.layout.json': b64(JSON.stringify(layout)), 'potions.csv': b64(mutateText(csv, r)), 'flask.png': flask });
  for (let i = 0; i < n(4); i++) add('board data', ['board', '--data', 'board.json', '--out', 'o.pdf'], { 'board.json': b64(JSON.stringify(mutateJson(board, r))) });
  for (let i = 0; i < n(8); i++) add('sheet --game', ['sheet', '--game', 'game.json', '--player', '1', '--out', 'o.pdf'], { 'game.json': b64(JSON.stringify(mutateJson(game, r))) });
  for (let i = 0; i < n(4); i++) add('scan photo', ['scan', 'photo.jpg'], { 'photo.jpg': b64(mutateBytes(photo, r)) });
  // And the inputs no mutation of a valid one gives.
  add('empty sheet', ['score', 'sheet.json'], { 'sheet.json': '' });
  add('binary layout', ['deck', 'deck.layout.json'], { 'deck.layout.json': b64(Buffer.from([0xff, 0xfe, 0, 1, 2, 3])) });
  add('deep sheet', ['score', 'sheet.json'], { 'sheet.json': b64('['.repeat(100_000) + ']'.repeat(100_000)) });
  add('text as photo', ['scan', 'photo.jpg'], { 'photo.jpg': b64('hello') });
  return cases;
}
