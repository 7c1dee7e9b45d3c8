import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blankState } from '../../src/engine/board.js';
import type { Score } from '../../src/engine/types.js';
import type { Board, HostInfo } from '../../src/server/protocol.js';
import { newId } from '../../src/server/ids.js';
import { startServer, type Running } from './helpers.js';

let srv: Running;
let host: HostInfo;

const score = (total: number, finds: number): Score => ({
  total,
  cards: { Gold: total },
  penalties: 0,
  discoveries: Array.from({ length: finds }, () => ({ card: 'Gold', cells: [[0, 0]] as [number, number][], points: 1, conditionMet: false, eggs: 0 })),
  penaltyDetail: { eggs: 0, enclosedHoles: 0 },
});

/** A confirmed sheet straight into the database (the scanner is tested elsewhere). */
function confirmed(player: number, total: number, finds: number, at: number) {
  const state = blankState(host.side, host.cards);
  return srv.app.store.insertSheet({
    id: newId(),
    gameId: host.id,
    player,
    qrPlayer: player,
    status: 'confirmed',
    photo: `${newId()}.jpg`,
    land: { width: 728, height: 728, cell: 56, margin: 28, rows: 12, cols: 12 },
    scanned: state,
    uncertain: [{ kind: 'h', row: 1, col: 1 }],
    confidence: 0.9,
    setupFrom: 'qr',
    printedOtherwise: null,
    toggled: [],
    state,
    score: score(total, finds),
    scanMs: 500,
    createdAt: at,
    confirmedAt: at,
  });
}

beforeAll(async () => {
  srv = await startServer();
  const res = await fetch(`${srv.base}/api/games`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ players: ['Ana', 'Ben', '=HYPERLINK("x")', 'Dev, "the quick"', 'Eli'], seed: 'board-test' }),
  });
  host = (await res.json()) as HostInfo;
});
afterAll(() => srv?.app.close());

describe('leaderboard', () => {
  it('ranks by total, breaks ties by discoveries, shares true ties; updates listeners live', async () => {
    // An open leaderboard receives the board at once, then after each change.
    const ctrl = new AbortController();
    const stream = await fetch(`${srv.base}/api/games/${host.id}/events`, { signal: ctrl.signal });
    expect(stream.headers.get('content-type')).toMatch(/text\/event-stream/);
    const reader = stream.body!.getReader();
    let buffered = '';
    const nextBoard = async (): Promise<Board> => {
      for (;;) {
        const m = /event: board\ndata: (.*)\n\n/.exec(buffered);
        if (m) {
          buffered = buffered.slice(m.index + m[0].length);
          return JSON.parse(m[1]) as Board;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('stream ended');
        buffered += new TextDecoder().decode(value);
      }
    };
    expect((await nextBoard()).entries).toEqual([]);

    const t = Date.UTC(2026, 10, 20, 20, 0, 0);
    confirmed(1, 20, 3, t); // Ana
    confirmed(2, 25, 2, t + 1000); // Ben
    confirmed(3, 20, 5, t + 2000); // =HYPERLINK
    confirmed(4, 20, 3, t + 3000); // Dev
    // The host removes nothing; a sheet is removed through the API to trigger an event.
    const gone = confirmed(5, 99, 9, t + 4000);
    const del = await fetch(`${srv.base}/api/host/${host.hostKey}/sheets/${gone.no}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    const live = await nextBoard();
    ctrl.abort();

    const board = (await (await fetch(`${srv.base}/api/games/${host.id}/board`)).json()) as Board;
    expect(live).toEqual({ ...board, updatedAt: live.updatedAt });
    expect(board.entries.map((e) => [e.rank, e.name, e.total, e.finds])).toEqual([
      [1, 'Ben', 25, 2],
      [2, '=HYPERLINK("x")', 20, 5],
      [3, 'Ana', 20, 3],
      [3, 'Dev, "the quick"', 20, 3],
    ]);
    expect(board.waiting).toEqual(['Eli']);
    expect(board.entries[0].cards).toEqual({ Gold: 25 });
  });

  it('exports the same ranking as CSV (safe in a spreadsheet) and JSON', async () => {
    const csv = await fetch(`${srv.base}/g/${host.id}/results.csv`);
    expect(csv.headers.get('content-type')).toMatch(/text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="baako-board-test-results.csv"');
    const lines = (await csv.text()).replace(/^\ufeff/, '').trimEnd().split('\r\n');
    expect(lines[0]).toBe(['rank', 'player', 'name', 'total', 'discoveries', ...host.cards, 'penalties', 'title', 'sheet', 'checked', 'confirmed'].join(','));
    expect(lines).toHaveLength(5);
    expect(lines[1]).toMatch(/^1,2,Ben,25,2,/);
    // A name that starts like a formula is neutralised; commas and quotes are quoted.
    expect(lines[2]).toMatch(/^2,3,"'=HYPERLINK\(""x""\)",20,5,/);
    expect(lines[4]).toMatch(/^3,4,"Dev, ""the quick""",20,3,/);
    expect(lines[1]).toMatch(/,2026-11-20T20:00:01.000Z$/);

    const res = await fetch(`${srv.base}/g/${host.id}/results.json`);
    const data = (await res.json()) as { game: { id: string; names: string[] }; results: { rank: number; name: string; score: Score; fences: unknown; side: string }[] };
    expect(data.game.id).toBe(host.setupId);
    expect(data.game.names).toEqual(host.players);
    expect(data.results.map((r) => [r.rank, r.name, r.score.total])).toEqual([
      [1, 'Ben', 25],
      [2, '=HYPERLINK("x")', 20],
      [3, 'Ana', 20],
      [3, 'Dev, "the quick"', 20],
    ]);
    // Each result is a sheet state plus its score (docs/formats.md).
    expect(data.results[0].side).toBe(host.side);
    expect(data.results[0].fences).toBeDefined();
  });

  it('keeps every game across a restart', async () => {
    await srv.app.close();
    srv = await startServer({ data: srv.data });
    const board = (await (await fetch(`${srv.base}/api/games/${host.id}/board`)).json()) as Board;
    expect(board.entries.map((e) => e.name)).toEqual(['Ben', '=HYPERLINK("x")', 'Ana', 'Dev, "the quick"']);
    expect((await fetch(`${srv.base}/api/host/${host.hostKey}`)).status).toBe(200);
  });
});
