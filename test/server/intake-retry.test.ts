import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newId } from '../../src/server/ids.js';
import { Intake } from '../../src/server/intake.js';
import { BusyError, type ScanQueue } from '../../src/server/scan-queue.js';
import { Store, type GameRow } from '../../src/server/store.js';

describe('a photo the scanner cannot take yet', () => {
  it('waits a second before it is handed out again, instead of asking a busy scanner over and over', async () => {
    const data = mkdtempSync(join(tmpdir(), 'baako-intake-'));
    const store = new Store(data);
    const game: GameRow = { id: newId(), hostKey: newId(), setupId: 'test', seed: 'retry', side: 'A', paper: 'a4', cards: ['Gold', 'Archaeopteryx', 'Pappochelys', 'Mammothus', 'Road'], players: ['Ana'], createdAt: Date.now() };
    for (const sub of ['photos', 'land']) mkdirSync(join(store.gameDir(game.id), sub), { recursive: true });
    store.insertGame(game);
    const id = newId();
    writeFileSync(store.sheetFile(game.id, 'photos', `${id}.jpg`), 'x');
    store.insertUpload({ id, gameId: game.id, player: 1, photo: `${id}.jpg`, clientKey: null, bytes: 1, receivedAt: Date.now() });
    let runs = 0;
    const queue = { workers: 1, run: async () => (runs++, Promise.reject(new BusyError('all workers busy', 5))) } as unknown as ScanQueue;
    const intake = new Intake({ store, queue, events: { emit() {} } as never, log: () => {} });
    try {
      intake.requeue();
      await new Promise((r) => setTimeout(r, 400));
      expect(runs).toBe(1);
      await new Promise((r) => setTimeout(r, 1000));
      expect(runs).toBe(2);
      expect(intake.pending).toBe(1); // still in line, not lost
    } finally {
      intake.close();
      store.close();
    }
  });
});
