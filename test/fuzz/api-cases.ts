/**
 * Every API body, fuzzed against a running server: game requests, confirmations, uploads (bytes of any type,
 * JPEGs cut or changed, a few real photos changed). Each answer must be 2xx, or 4xx with a one-line JSON error;
 * an accepted upload must end read or refused with a 4xx one-liner; each within `maxMs`. Shared by
 * test/fuzz/api.test.ts and bench/server.ts.
 */
import type { HostInfo, SheetAnswer } from '../../src/server/protocol.js';
import { TINY_JPEG } from '../helpers/fake-scanner.js';
import { jsonValue, mutateBytes, mutateJson, mutateText, type Rand } from '../helpers/fuzz.js';
import { random } from '../helpers/random.js';

export interface ApiFuzzResult {
  requests: number;
  byStatus: Record<number, number>;
  problems: string[];
  slowestMs: number;
}

const TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/heic', 'image/avif', 'image/tiff', 'application/pdf', 'text/plain', 'application/json', 'application/octet-stream', '', 'image/jpeg; charset=utf-8', 'IMAGE/JPEG', 'image/*'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function fuzzApi(base: string, opts: { seed: number; scale?: number; photo: Buffer; maxMs?: number }): Promise<ApiFuzzResult> {
  const r: Rand = random(opts.seed);
  const n = (k: number) => Math.max(1, Math.round(k * (opts.scale ?? 1)));
  const maxMs = opts.maxMs ?? 5000;
  const result: ApiFuzzResult = { requests: 0, byStatus: {}, problems: [], slowestMs: 0 };

  /** Sends one request and checks its answer; returns the parsed body of a 2xx. */
  async function send(what: string, path: string, method: string, body: Buffer | string | undefined, type: string): Promise<{ status: number; json?: unknown }> {
    const t = performance.now();
    let res: Response;
    try {
      res = await fetch(base + path, { method, headers: type ? { 'Content-Type': type } : {}, body, signal: AbortSignal.timeout(30_000) });
    } catch (e) {
      result.problems.push(`${what}: no answer (${(e as Error).message})`);
      return { status: 0 };
    }
    const text = await res.text();
    const ms = performance.now() - t;
    result.requests++;
    result.byStatus[res.status] = (result.byStatus[res.status] ?? 0) + 1;
    result.slowestMs = Math.max(result.slowestMs, ms);
    if (ms > maxMs) result.problems.push(`${what}: ${Math.round(ms)} ms`);
    if (res.status >= 500 && res.status !== 503) result.problems.push(`${what}: ${res.status} ${text.slice(0, 300)}`);
    if (res.status >= 400) {
      let error: unknown;
      try {
        error = (JSON.parse(text) as { error?: unknown }).error;
      } catch {
        /* below */
      }
      if (typeof error !== 'string' || !error || error.includes('\n')) result.problems.push(`${what}: ${res.status} without a one-line error: ${text.slice(0, 300)}`);
      return { status: res.status };
    }
    try {
      return { status: res.status, json: JSON.parse(text) };
    } catch {
      result.problems.push(`${what}: ${res.status} not JSON: ${text.slice(0, 200)}`);
      return { status: res.status };
    }
  }

  /** An accepted upload, followed until the scanner is done: read, or refused with a 4xx one-liner. */
  async function follow(what: string, game: string, id: string): Promise<void> {
    const end = Date.now() + 120_000;
    for (;;) {
      const { json } = await send(`${what} (then)`, `/api/games/${game}/sheets/${id}`, 'GET', undefined, '');
      const a = json as SheetAnswer | undefined;
      if (!a || a.status !== 'queued') {
        if (a?.status === 'refused' && (!(a.errorStatus! >= 400 && a.errorStatus! < 500) || !a.error || a.error.includes('\n'))) {
          result.problems.push(`${what}: refused as ${a.errorStatus}: ${a.error}`);
        }
        return;
      }
      if (Date.now() > end) return void result.problems.push(`${what}: never read`);
      await sleep(100);
    }
  }

  // Games.
  const valid = { players: ['Ana', 'Ben', 'Chloé'], seed: 'fuzz', side: 'A', paper: 'a4' };
  // (not timed: the first game loads the PDF renderer)
  const made = await fetch(`${base}/api/games`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(valid) });
  if (made.status !== 201) return { ...result, problems: [`a valid game: ${made.status} ${await made.text()}`] };
  const host = (await made.json()) as HostInfo;
  for (let i = 0; i < n(30); i++) {
    const body = mutateJson(valid, r);
    // (a valid mutation draws a whole pack: a few of them, not a crowd)
    if (typeof (body as { players?: unknown })?.players === 'number') (body as { players: number }).players = Math.min((body as { players: number }).players, 12);
    await send(`game ${JSON.stringify(body).slice(0, 120)}`, '/api/games', 'POST', JSON.stringify(body), 'application/json');
  }
  for (let i = 0; i < n(15); i++) {
    const body = JSON.stringify(jsonValue(r));
    await send(`game ${body.slice(0, 120)}`, '/api/games', 'POST', body, 'application/json');
  }
  for (let i = 0; i < n(10); i++) {
    const body = mutateText(JSON.stringify(valid), r);
    await send(`game text ${body.slice(0, 120)}`, '/api/games', 'POST', body, r() < 0.8 ? 'application/json' : TYPES[Math.floor(r() * TYPES.length)]);
  }

  // Uploads: bytes of every sort under every type.
  const accepted: Promise<void>[] = [];
  const upload = async (what: string, body: Buffer, type: string) => {
    const player = 1 + Math.floor(r() * 4); // (4: one past the players)
    const { status, json } = await send(what, `/api/games/${host.id}/sheets?player=${player}`, 'POST', body, type);
    if (status === 202) accepted.push(follow(what, host.id, (json as SheetAnswer).id));
  };
  for (let i = 0; i < n(25); i++) {
    const type = TYPES[Math.floor(r() * TYPES.length)];
    const body = r() < 0.7 ? mutateBytes(TINY_JPEG, r) : Buffer.from(Array.from({ length: Math.floor(r() * 3000) }, () => Math.floor(r() * 256)));
    await upload(`upload ${type} ${body.length} bytes`, body, type);
  }
  for (let i = 0; i < n(3); i++) await upload(`real photo changed #${i}`, mutateBytes(opts.photo, r), 'image/jpeg');
  await Promise.all(accepted);

  // Confirmations of a sheet in review, with every sort of body.
  const sheets: string[] = [];
  for (let i = 0; i < n(6); i++) {
    const { json } = await send('a valid upload', `/api/games/${host.id}/sheets?player=${1 + (i % 3)}`, 'POST', TINY_JPEG, 'image/jpeg');
    if (json) sheets.push((json as SheetAnswer).id);
  }
  await Promise.all(sheets.map((id) => follow('a valid upload', host.id, id)));
  const toggled = { toggled: [{ kind: 'h', row: 1, col: 1 }] };
  for (let i = 0; i < n(25); i++) {
    const id = sheets[i % sheets.length];
    const body = r() < 0.7 ? JSON.stringify(mutateJson(toggled, r)) : r() < 0.5 ? JSON.stringify(jsonValue(r)) : mutateText(JSON.stringify(toggled), r);
    await send(`confirm ${body.slice(0, 120)}`, `/api/games/${host.id}/sheets/${id}/confirm`, 'POST', body, 'application/json');
  }

  // The table's dice: rolls with every sort of body, undos of every sort of turn, a player's roll on sheet A.
  const roll = { turn: 1 };
  for (let i = 0; i < n(20); i++) {
    const body = r() < 0.6 ? JSON.stringify(mutateJson(roll, r)) : r() < 0.5 ? JSON.stringify(jsonValue(r)) : mutateText(JSON.stringify(roll), r);
    await send(`roll ${body.slice(0, 120)}`, `/api/host/${host.hostKey}/rolls`, 'POST', body, r() < 0.9 ? 'application/json' : TYPES[Math.floor(r() * TYPES.length)]);
  }
  for (let i = 0; i < n(10); i++) {
    // (characters a path segment carries as they are: the router refuses any %-escape before a route sees it)
    const turn = mutateText(String(1 + Math.floor(r() * 16)), r).replace(/[^A-Za-z0-9._~-]/g, '') || '1';
    await send(`undo ${turn}`, `/api/host/${host.hostKey}/rolls/${turn}`, 'DELETE', undefined, '');
  }
  await send('a player rolls on sheet A', `/api/games/${host.id}/rolls`, 'POST', JSON.stringify(roll), 'application/json');
  return result;
}
