/**
 * Writes simulated photos and their truth files:
 *   node --import tsx tools/sim/cli.ts --count N --seed S --out DIR [--difficulty mix|easy|medium|hard|extreme] [--mp 8|9|10|12]
 */
import { parseArgs } from 'node:util';
import { DIFFICULTIES, SIZES, type Difficulty } from './difficulty.js';
import { generatePhotos } from './generate.js';

const usage = 'usage: node --import tsx tools/sim/cli.ts --count N --seed S --out DIR [--difficulty mix|easy|medium|hard|extreme] [--mp 8|9|10|12]';

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        count: { type: 'string', default: '10' },
        seed: { type: 'string', default: '1' },
        out: { type: 'string' },
        difficulty: { type: 'string', default: 'mix' },
        mp: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (e) {
    process.stderr.write(`sim: ${(e as Error).message}\n${usage}\n`);
    return 2;
  }
  if (args.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const count = Number(args.count);
  const difficulty = args.difficulty as Difficulty | 'mix';
  if (!Number.isInteger(count) || count < 1) return fail(`--count: expected a positive integer, found "${args.count}"`);
  if (!args.out) return fail('--out: name the folder to write the photos into');
  if (difficulty !== 'mix' && !DIFFICULTIES.includes(difficulty)) return fail(`--difficulty: expected mix or ${DIFFICULTIES.join(', ')}, found "${difficulty}"`);
  let sizes = SIZES;
  if (args.mp) {
    sizes = SIZES.filter(([w, h]) => Math.round((w * h) / 1e6) === Number(args.mp));
    if (!sizes.length) return fail(`--mp: expected one of ${[...new Set(SIZES.map(([w, h]) => Math.round((w * h) / 1e6)))].join(', ')}, found "${args.mp}"`);
  }
  const tty = process.stderr.isTTY;
  const t0 = performance.now();
  await generatePhotos({
    count,
    seed: args.seed!,
    difficulty,
    out: args.out,
    sizes,
    onProgress: (done, total, name) => {
      if (tty) process.stderr.write(`\r${done}/${total} ${name} (${((performance.now() - t0) / 1000 / done).toFixed(2)} s a photo)   `);
    },
  });
  if (tty) process.stderr.write('\n');
  process.stdout.write(`wrote ${count} photos and truth files to ${args.out} in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
  return 0;
}

function fail(msg: string): number {
  process.stderr.write(`sim: ${msg}\n${usage}\n`);
  return 2;
}

process.exitCode = await main();
