import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveGameFile } from '../../src/server/game-dir.js';
import type { HostInfo } from '../../src/server/protocol.js';
import { baako } from '../cli/run.js';
import { createGameFor, fixture, startServer, type Running } from './helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
let srv: Running;
let host: HostInfo;
const photo = fixture('sample');

beforeAll(async () => {
  srv = await startServer();
  host = await createGameFor(srv.base, photo);
});
afterAll(() => srv?.app.close());

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
    const child = spawn(process.execPath, ['--import', 'tsx', `${root}/src/cli/main.ts`, 'serve', '--port', '0', '--host', '127.0.0.1', '--data', data], { cwd: root });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    const url = await new Promise<string>((resolve, reject) => {
      const t = setTimeout(() => reject(new Error(`no address printed: ${out}`)), 30_000);
      child.stdout.on('data', () => {
        const m = /open (http:\/\/localhost:\d+)/.exec(out);
        if (m) {
          clearTimeout(t);
          resolve(m[1]);
        }
      });
    });
    expect(out).toMatch(new RegExp(`data in ${data}`));
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
    expect(code, out).toBe(0);
  });

  it('baako serve refuses bad options in one line', () => {
    const r = baako(['serve', '--port', '70000']);
    expect(r.code).toBe(2);
    expect(r.stderr.trim()).toBe('baako: --port: "70000" is not a port (0-65535)');
  });
});
