/**
 * Writes simulated photos and their truth files, lists the conditions, or makes contact sheets of them:
 *   node --import tsx tools/sim/cli.ts --count N --seed S --out DIR [--difficulty mix|easy|medium|hard|extreme] [--mp 8|9|10|12]
 *          [--condition NAME|FAMILY ...] [--exclude NAME|FAMILY ...] [--only]
 *   node --import tsx tools/sim/cli.ts --list [--markdown]
 *   node --import tsx tools/sim/cli.ts --contact DIR [--condition NAME|FAMILY ...] [--examples N] [--seed S] [--difficulty D] [--mp M]
 */
import { parseArgs } from 'node:util';
import { CONDITIONS, conditionsTable, FAMILIES, resolveConditions, type Condition } from './conditions.js';
import { DIFFICULTIES, SIZES, type Difficulty } from './difficulty.js';
import { generatePhotos } from './generate.js';

const usage = `usage: node --import tsx tools/sim/cli.ts --count N --seed S --out DIR [--difficulty mix|easy|medium|hard|extreme] [--mp 8|9|10|12]
         [--condition NAME|FAMILY ...] [--exclude NAME|FAMILY ...] [--only]
       node --import tsx tools/sim/cli.ts --list [--markdown]
       node --import tsx tools/sim/cli.ts --contact DIR [--condition NAME|FAMILY ...] [--examples N] [--seed S]
  --condition   force a condition, or every condition of a family, on (repeat or comma-separate)
  --exclude     never draw these conditions or families (training without them)
  --only        no condition drawn at random: the preset plus the forced ones (with no --condition: the preset alone)
  --list        the conditions, by family (--markdown: as the table of docs/simulator.md)
  --contact     one contact sheet per family: each condition alone, --examples photos each (default 2), photos beside`;

/** Splits repeated and comma-separated values, checking each names a condition or family. */
function names(values: string[] | undefined, flag: string): string[] {
  const list = (values ?? []).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);
  for (const n of list) {
    try {
      resolveConditions(n);
    } catch {
      throw new Error(`${flag}: unknown condition or family "${n}" (families: ${FAMILIES.join(', ')}; --list shows the conditions)`);
    }
  }
  return list;
}

function listing(markdown: boolean): string {
  if (markdown) return conditionsTable();
  return FAMILIES.map((f) => `${f}\n${CONDITIONS.filter((c) => c.family === f).map((c) => `  ${c.name.padEnd(18)} ${c.description}`).join('\n')}`).join('\n') + '\n';
}

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        count: { type: 'string', default: '10' },
        seed: { type: 'string', default: '1' },
        out: { type: 'string' },
        difficulty: { type: 'string' },
        mp: { type: 'string' },
        condition: { type: 'string', multiple: true },
        exclude: { type: 'string', multiple: true },
        only: { type: 'boolean' },
        list: { type: 'boolean' },
        markdown: { type: 'boolean' },
        contact: { type: 'string' },
        examples: { type: 'string', default: '2' },
        help: { type: 'boolean', short: 'h' },
      },
    }).values;
  } catch (e) {
    return fail((e as Error).message);
  }
  if (args.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  if (args.list) {
    process.stdout.write(listing(!!args.markdown));
    return 0;
  }
  let force: string[];
  let exclude: string[];
  try {
    force = names(args.condition, '--condition');
    exclude = names(args.exclude, '--exclude');
  } catch (e) {
    return fail((e as Error).message);
  }
  const difficulty = (args.difficulty ?? (args.contact ? 'medium' : 'mix')) as Difficulty | 'mix';
  if (difficulty !== 'mix' && !DIFFICULTIES.includes(difficulty)) return fail(`--difficulty: expected mix or ${DIFFICULTIES.join(', ')}, found "${difficulty}"`);
  let sizes = SIZES;
  if (args.mp) {
    sizes = SIZES.filter(([w, h]) => Math.round((w * h) / 1e6) === Number(args.mp));
    if (!sizes.length) return fail(`--mp: expected one of ${[...new Set(SIZES.map(([w, h]) => Math.round((w * h) / 1e6)))].join(', ')}, found "${args.mp}"`);
  }
  const tty = process.stderr.isTTY;
  const t0 = performance.now();
  const progress = (done: number, total: number, name: string) => {
    if (tty) process.stderr.write(`\r${done}/${total} ${name} (${((performance.now() - t0) / 1000 / done).toFixed(2)} s a photo)   `);
  };

  if (args.contact) {
    const examples = Number(args.examples);
    if (!Number.isInteger(examples) || examples < 1 || examples > 6) return fail(`--examples: expected 1 to 6, found "${args.examples}"`);
    if (difficulty === 'mix') return fail('--contact: choose one --difficulty (easy, medium, hard or extreme)');
    const chosen: Condition[] = force.length ? [...new Set(force.flatMap(resolveConditions))] : [...CONDITIONS];
    const { contactSheets } = await import('./contact.js');
    const files = await contactSheets({ out: args.contact, conditions: chosen, examples, seed: args.seed!, difficulty, sizes: args.mp ? sizes : [[3264, 2448]], onPhoto: progress });
    if (tty) process.stderr.write('\n');
    process.stdout.write(`wrote ${files.length} contact sheets (${chosen.length} conditions, ${examples} photos each) to ${args.contact} in ${((performance.now() - t0) / 1000).toFixed(1)} s\n`);
    return 0;
  }

  const count = Number(args.count);
  if (!Number.isInteger(count) || count < 1) return fail(`--count: expected a positive integer, found "${args.count}"`);
  if (!args.out) return fail('--out: name the folder to write the photos into');
  await generatePhotos({
    count,
    seed: args.seed!,
    difficulty,
    out: args.out,
    sizes,
    conditions: { draw: args.only ? 'none' : 'random', force, exclude },
    onProgress: progress,
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
