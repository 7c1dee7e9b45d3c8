/** Test helpers for the game-night server: a server on loopback in a temporary data folder, raw requests, photos. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadGame } from '../../src/data/load.js';
import { rng } from '../../src/engine/random.js';
import { scanPhoto } from '../../src/scan/scan.js';
import { createBaakoServer, type BaakoServer, type ServeOptions } from '../../src/server/app.js';
import type { HostInfo } from '../../src/server/protocol.js';

export const photosDir = fileURLToPath(new URL('../../fixtures/photos/', import.meta.url));

export interface Running {
  app: BaakoServer;
  base: string;
  data: string;
  logs: string[];
}

export async function startServer(opts: Partial<ServeOptions> = {}): Promise<Running> {
  const data = opts.data ?? mkdtempSync(join(tmpdir(), 'baako-serve-'));
  const logs: string[] = [];
  const app = createBaakoServer({ port: 0, host: '127.0.0.1', workers: 1, ...opts, data, log: (l) => logs.push(l) });
  const { port } = await app.listen();
  return { app, base: `http://127.0.0.1:${port}`, data, logs };
}

/** A request sent as written: the path is not normalised (fetch would resolve "..") and the body is raw. */
export function raw(base: string, method: string, path: string, body?: Buffer | string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

export interface FixturePhoto {
  file: string;
  bytes: Buffer;
  truth: { seed: string; side: 'A' | 'B'; paper: 'a4' | 'letter'; players: number; player: number; game: string };
}

export function fixture(name: string): FixturePhoto {
  return {
    file: join(photosDir, `${name}.jpg`),
    bytes: readFileSync(join(photosDir, `${name}.jpg`)),
    truth: JSON.parse(readFileSync(join(photosDir, `${name}.truth.json`), 'utf8')),
  };
}

/**
 * A fixture photo the scanner reads with at least one doubtful edge (which ones depends on the scanner's
 * tuning, so the tests ask it rather than assume).
 */
export async function photoWithDoubtfulEdge(): Promise<FixturePhoto> {
  const game = loadGame();
  for (const name of ['13-medium-a-letter-faint-exif8', '16-medium-a-a4-light-table', '10-medium-a-letter-sideways', '01-easy-a-a4-pen', 'sample', '08-medium-a-a4-faint']) {
    const f = fixture(name);
    try {
      const r = await scanPhoto(f.bytes, game);
      if (r.uncertain.some((u) => u.kind !== 'hole')) return f;
    } catch {
      /* next */
    }
  }
  throw new Error('no fixture photo has a doubtful edge any more: pick another for the review tests');
}

/** Creates the game a fixture photo was printed for (same seed, side and paper give the same game id). */
export async function createGameFor(base: string, f: FixturePhoto, names?: string[]): Promise<HostInfo> {
  const players = names ?? Array.from({ length: f.truth.players }, (_, i) => ['Ana', 'Ben', 'Chloé', 'Dev', 'Eli', 'Fay'][i] ?? `P${i + 1}`);
  const res = await fetch(`${base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ players, seed: f.truth.seed, side: f.truth.side, paper: f.truth.paper }),
  });
  if (res.status !== 201) throw new Error(`create game: ${res.status} ${await res.text()}`);
  return (await res.json()) as HostInfo;
}

type Answer = Record<string, unknown> & { error?: string };

/**
 * Uploads a photo and waits for the scanner: the answer as a synchronous API would give it, 201 with the sheet
 * once read, or the refusal's status and message (at the door, or from the scanner after the 202).
 */
export async function upload(base: string, gameId: string, player: number, body: Buffer | string, type = 'image/jpeg', headers: Record<string, string> = {}) {
  const res = await fetch(`${base}/api/games/${gameId}/sheets?player=${player}`, { method: 'POST', headers: { 'Content-Type': type, ...headers }, body });
  const json = (await res.json()) as Answer;
  if (res.status !== 202) return { status: res.status, json };
  return waitForSheet(base, gameId, json.id as string);
}

/** Polls a sheet until the scanner is done with it: 201 and the sheet, or the refusal's status and message. */
export async function waitForSheet(base: string, gameId: string, id: string, timeoutMs = 60_000): Promise<{ status: number; json: Answer }> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const json = (await (await fetch(`${base}/api/games/${gameId}/sheets/${id}`)).json()) as Answer;
    if (json.status === 'refused') return { status: json.errorStatus as number, json: { error: json.error, ...(json.code ? { code: json.code } : {}) } };
    if (json.status !== 'queued') return { status: 201, json };
    if (Date.now() > end) throw new Error(`sheet ${id} still queued after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Dice for a test server: the faces pushed, in order, then seeded random ones. */
export function scriptedDice(seed = 1) {
  const queue: number[] = [];
  const rand = rng(seed);
  return {
    push: (...faces: number[]) => void queue.push(...faces),
    next: (): number => queue.shift() ?? 1 + Math.floor(rand() * 6),
  };
}
