import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writePack } from '../src/render/pack.js';
import type { Report } from './report.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * A 100-player game-night pack: targets under 2 s wall time and under 100 KB a sheet page. Measured in-process
 * (first call, so font parsing is included) and as the command a user types (node + tsx startup included).
 */
export async function bench(report: Report): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'baako-bench-pack-'));
  try {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    await writePack(join(dir, 'a'), { seed: 'bench', players: 100, side: 'A', paper: 'a4' });
    const first = performance.now() - t0;
    const cpu = process.cpuUsage(c0);
    const t1 = performance.now();
    await writePack(join(dir, 'b'), { seed: 'bench', players: 100, side: 'A', paper: 'letter', duplex: true });
    const warm = performance.now() - t1;
    const kb = statSync(join(dir, 'a', 'sheets.pdf')).size / 1024;
    report.row('100-player pack, in-process, first call', `${(first / 1000).toFixed(2)} s (${((cpu.user + cpu.system) / 1e6).toFixed(2)} s CPU)`, '< 2 s');
    report.row('100-player pack, in-process, warm (Letter, duplex cards)', `${(warm / 1000).toFixed(2)} s`, '< 2 s');
    report.row('sheets.pdf of 100 players', `${kb.toFixed(0)} KB, ${(kb / 100).toFixed(1)} KB a page`, '< 100 KB a page');
    const t2 = performance.now();
    const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'src/cli/main.ts'), 'pack', '--players', '100', '--seed', 'bench', '--out', join(dir, 'c')], {
      cwd: root,
      encoding: 'utf8',
    });
    const cli = performance.now() - t2;
    if (r.status !== 0) throw new Error(`baako pack failed: ${r.stderr.trim()}`);
    report.row('`baako pack --players 100`, whole process from source (tsx start-up included)', `${(cli / 1000).toFixed(2)} s`);
    report.note('The first call includes parsing the fonts; the warm call reuses them.');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
