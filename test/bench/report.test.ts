import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { machine, mergeSections, Report, sectionMarkdown, writeSections } from '../../bench/report.js';
import type { PhotoOutcome } from '../../bench/_scan-child.js';
import { reportScan, type ScanRun } from '../../bench/scan.js';

const tmp = mkdtempSync(join(tmpdir(), 'baako-bench-report-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const when = new Date('2026-11-25T10:20:30Z');
const box = { cpu: 'Test CPU 3000', cores: 2, node: 'v20.20.2' };

function section(name: string, value: string): string {
  const r = new Report(name, () => {});
  r.row('speed', value, '> 1');
  return sectionMarkdown(r, when, box);
}

describe('benchmark reports', () => {
  it('a section holds the date, the machine, a table of the rows and the notes', () => {
    const printed: string[] = [];
    const r = new Report('pack', (l) => printed.push(l));
    r.row('100-player pack', '0.61 s', '< 2 s');
    r.row('a | pipe', 'x');
    r.note('First call includes the fonts.');
    expect(printed).toEqual(['100-player pack: 0.61 s (target < 2 s)', 'a | pipe: x', 'First call includes the fonts.']);
    expect(sectionMarkdown(r, when, box)).toBe(
      [
        '<!-- bench:pack -->',
        '## pack',
        '',
        'Run 2026-11-25 10:20 UTC on Test CPU 3000 (2 cores), Node v20.20.2.',
        '',
        '| measure | result | target |',
        '|---|---|---|',
        '| 100-player pack | 0.61 s | < 2 s |',
        '| a \\| pipe | x |  |',
        '',
        'First call includes the fonts.',
        '',
        '<!-- /bench:pack -->',
      ].join('\n'),
    );
  });

  it('a module that only printed keeps its output, as a block', () => {
    const md = sectionMarkdown(new Report('cli', () => {}), when, box, ['--help 0.15 s', 'score 0.2 s']);
    expect(md).toContain('```\n--help 0.15 s\nscore 0.2 s\n```');
  });

  it('the machine is named by its CPU, cores and Node version', () => {
    const m = machine();
    expect(m.cpu.length).toBeGreaterThan(0);
    expect(m.cores).toBeGreaterThanOrEqual(1);
    expect(m.node).toBe(process.version);
    expect(m.load).toBeGreaterThanOrEqual(0);
    const r = new Report('x', () => {});
    r.row('a', 'b');
    expect(sectionMarkdown(r, when, { ...box, load: 1.234 })).toContain('(2 cores, load average 1.2), Node v20.20.2.');
  });

  it('running one module replaces its section and keeps the others and the rest of the file', () => {
    const before = ['# Benchmarks', '', 'intro', '', section('deck', '1'), '', section('pack', '1'), '', '## Measured elsewhere', '', 'kept', ''].join('\n');
    const after = mergeSections(before, new Map([['pack', section('pack', '2')]]));
    expect(after).toContain(section('deck', '1'));
    expect(after).toContain(section('pack', '2'));
    expect(after).not.toContain(section('pack', '1'));
    expect(after.startsWith('# Benchmarks\n\nintro\n')).toBe(true);
    expect(after.endsWith('## Measured elsewhere\n\nkept\n')).toBe(true);
    // the same run again changes nothing
    expect(mergeSections(after, new Map([['pack', section('pack', '2')]]))).toBe(after);
  });

  it('a new module goes in among the others in alphabetical order; a missing file is created', () => {
    const two = mergeSections(undefined, new Map([['scan', section('scan', '1')], ['deck', section('deck', '1')]]));
    expect(two.startsWith('# Benchmarks\n')).toBe(true);
    const three = mergeSections(two, new Map([['engine', section('engine', '1')], ['zeta', section('zeta', '1')]]));
    const order = [...three.matchAll(/<!-- bench:([\w-]+) -->/g)].map((m) => m[1]);
    expect(order).toEqual(['deck', 'engine', 'scan', 'zeta']);
  });

  it('writes the file atomically, leaving no temporary file', () => {
    const file = join(tmp, 'benchmarks.md');
    writeFileSync(file, '# Benchmarks\n\n' + section('deck', '1') + '\n');
    writeSections(file, new Map([['engine', section('engine', '3')]]));
    expect(readFileSync(file, 'utf8')).toContain(section('engine', '3'));
    expect(readdirSync(tmp)).toEqual(['benchmarks.md']);
  });

  it("the scan benchmark's measures become rows (without simulating a photo)", () => {
    const photo = (i: number, o: Partial<PhotoOutcome>): PhotoOutcome => ({ photo: i, side: 'A', difficulty: 'easy', families: [], exact: true, rightAfterAnswers: true, edges: 264, edgeErrors: 0, asked: 0, chances: [], scanMs: 190, decodeMs: 70, ...o });
    const run: ScanRun = {
      outcomes: [
        photo(0, {}),
        photo(1, { families: ['freehand'], asked: 1 }),
        photo(2, { families: ['freehand'], exact: false, wrongUnasked: 1, edgeErrors: 1, rightAfterAnswers: false, confidence: 0.97 }),
        photo(3, { side: 'B', refused: 'too dark' }),
      ],
      peakRssKb: 370 * 1024,
    };
    const r = new Report('scan', () => {});
    reportScan(r, run);
    const md = sectionMarkdown(r, when, box);
    expect(md).toContain('| all photos | 2 / 4 exact (50.0%); total wrong after the asked spots are answered on 1; a wrong item not asked (the total unmoved) on 0; refused 1 | >= 97% exact |');
    expect(md).toContain('| stress photos, side A | 1 / 2 exact (50.0%);');
    expect(md).toContain('| readings at confidence >= 0.95 | 1, of them wrong 1 | none wrong |');
    expect(md).toContain('| median time per photo | 190 ms; sharp alone decoding the same JPEG 70 ms: 2.71x | <= 3x |');
    expect(md).toContain('| peak memory of the scanning process | 370 MB | < 700 MB |');
    expect(md).toContain('| plain photos, side A | 1 / 1 exact (100.0%);');

    // a plain set of its own replaces the few photos the random draw left plain
    const plain: ScanRun = { outcomes: [photo(0, { side: 'B' }), photo(1, { side: 'B', exact: false, edgeErrors: 1, rightAfterAnswers: false }), photo(2, {})], peakRssKb: 0 };
    const withPlain = new Report('scan', () => {});
    reportScan(withPlain, run, plain);
    const md2 = sectionMarkdown(withPlain, when, box);
    expect(md2).toContain('| plain photos, side A | 1 / 1 exact (100.0%);');
    expect(md2).toContain('| plain photos, side B | 1 / 2 exact (50.0%); total wrong after the asked spots are answered on 1;');
    expect(md2).toContain('| plain photos: total right once the asked spots are answered | 66.7% | >= 99% |');
    expect(md2).toContain('Plain photos: 3 more');
  });
});
