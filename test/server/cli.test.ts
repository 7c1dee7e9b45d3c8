import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveGameFile } from '../../src/server/game-dir.js';
import type { HostInfo } from '../../src/server/protocol.js';
import { baako } from '../cli/run.js';
import { bin, ensureBuilt } from '../../tools/built.js';
import { createGameFor, fixture, startServer, upload, type Running } from './helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
let srv: Running;
let host: HostInfo;
const photo = fixture('sample');

beforeAll(async () => {
  srv = await startServer();
  host = await createGameFor(srv.base, photo);
});
afterAll(() => srv?.app.close());

/** `baako serve` on a free port of this computer, run by `node ARGS`: the process, its address and what it printed. */
async function serve(args: string[], data: string): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, [...args, 'serve', '--port', '0', '--host', '127.0.0.1', '--data', data], { cwd: root });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = await new Promise<string>((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`no address printed: ${out}`)), 30_000);
    child.stdout!.on('data', () => {
      const m = /open (http:\/\/localhost:\d+)/.exec(out);
      if (m) {
        clearTimeout(t);
        resolve(m[1]);
      }
    });
  });
  return { child, url, output: () => out };
}

describe('the CLI and the server share games', () => {
  it('baako scan --game takes a game of the data folder by its id, or its game.json', () => {
    const r = baako(['scan', photo.file, '--game', host.id, '--data', srv.data, '--json']);
    expect([0, 3], r.stderr).toContain(r.code);
    expect(JSON.parse(r.stdout).game).toBe(host.setupId);
    // By the id on the sheets' QR codes, or the file itself.
    expect(resolveGameFile(host.setupId, srv.data)).toBe(host.gameJson);
    expect(resolveGameFile(host.gameJson, '/nonexistent')).toBe(host.gameJson);
    expect(() => resolveGameFile('../../no-such-folder/x', srv.data)).toThrow(/neither a game.json file nor a game/);
    const bad = baako(['scan', photo.file, '--game', 'nosuchgame', '--data', srv.data]);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--game: "nosuchgame" is neither a game.json file nor a game of/);
  });

  it('baako serve starts, serves the page and stops on SIGTERM', async () => {
    const data = mkdtempSync(join(tmpdir(), 'baako-serve-cli-'));
    const { child, url, output } = await serve(['--import', 'tsx', `${root}/src/cli/main.ts`], data);
    expect(output()).toMatch(new RegExp(`data in ${data}`));
    const page = await fetch(url + '/');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    expect(await page.text()).toMatch(/<script type="module" src="\/app.js">/);
    const js = await fetch(url + '/app.js');
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    const code = await new Promise<number | null>((resolve) => {
      child.on('exit', (c) => resolve(c));
      child.kill('SIGTERM');
    });
    expect(code, output()).toBe(0);
  });

  it('the built baako serve (bin/baako.js, as installed) reads a player\'s photo', async () => {
    ensureBuilt();
    const { child, url, output } = await serve([bin], mkdtempSync(join(tmpdir(), 'baako-serve-bin-')));
    try {
      const game = await createGameFor(url, photo);
      const r = await upload(url, game.id, photo.truth.player, readFileSync(photo.file));
      expect(r.status, `${JSON.stringify(r.json)}\n${output()}`).toBe(201);
      expect((r.json.scanned as { side: string }).side).toBe(photo.truth.side);
      expect(output()).not.toMatch(/scan worker stopped/);
    } finally {
      child.kill('SIGTERM');
    }
  }, 120_000);

  it('baako serve refuses bad options in one line', () => {
    const r = baako(['serve', '--port', '70000']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('baako: --port: "70000" is not a port (0-65535)');
  });
});
