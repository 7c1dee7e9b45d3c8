/** The leaderboard of a game and its exports (CSV, JSON), from the confirmed sheets. */
import { rankBy } from '../engine/ranking.js';
import { checkRolls, describeRollsCheck, type Roll } from '../engine/rolls.js';
import type { GameData, SheetState } from '../engine/types.js';
import type { Board, BoardEntry } from './protocol.js';
import type { GameRow, SheetRow } from './store.js';

export function gameTitle(g: GameRow): string {
  return `Game ${g.seed}`;
}

export const landUrl = (gameId: string, no: number) => `/g/${gameId}/land/${no}.jpg`;

/** One row per player with a confirmed sheet, best first; ties broken by discoveries, then shared. */
export function leaderboard(g: GameRow, confirmed: SheetRow[], now = Date.now()): Board {
  const ranked = rankBy(confirmed, (s) => s.score);
  const entries: BoardEntry[] = ranked.map(({ item: s, rank }) => ({
    rank,
    no: s.no,
    player: s.player,
    name: g.players[s.player - 1] ?? `Player ${s.player}`,
    total: s.score.total,
    finds: s.score.discoveries.length,
    cards: s.score.cards,
    penalties: s.score.penalties,
    penaltyDetail: s.score.penaltyDetail,
    discoveries: s.score.discoveries,
    ...(s.score.title ? { title: s.score.title } : {}),
    checked: s.uncertain.length,
    confirmedAt: s.confirmedAt ?? s.createdAt,
    landUrl: landUrl(g.id, s.no),
    land: s.land,
    state: s.state,
  }));
  const done = new Set(confirmed.map((s) => s.player));
  return {
    gameId: g.id,
    title: gameTitle(g),
    cards: g.cards,
    entries,
    waiting: g.players.filter((_, i) => !done.has(i + 1)),
    updatedAt: now,
  };
}

/** A CSV field: quoted when needed; text a spreadsheet would run as a formula is prefixed with '. */
export function csvField(v: string | number): string {
  let s = String(v);
  if (typeof v === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A sheet against the game's rolls, in a few words for the CSV: "agrees", or what does not ("holes 2 of 3 (1 missing)"). */
function rollsWords(rules: GameData, state: SheetState, rolls: Roll[]): string {
  const c = checkRolls(rules, state, rolls);
  return c.agrees ? 'agrees' : describeRollsCheck(c).replace(/^[^:]*: /, '');
}

/** The leaderboard as CSV; once the game has rolls, a last column says how each sheet agrees with them. */
export function boardCsv(b: Board, rolls: Roll[] = [], rules?: GameData): string {
  const withRolls = rules !== undefined && rolls.length > 0;
  const head = ['rank', 'player', 'name', 'total', 'discoveries', ...b.cards, 'penalties', 'title', 'sheet', 'checked', 'confirmed', ...(withRolls ? ['rolls'] : [])];
  const rows = b.entries.map((e) => [
    e.rank,
    e.player,
    e.name,
    e.total,
    e.finds,
    ...b.cards.map((c) => e.cards[c] ?? 0),
    e.penalties,
    e.title ?? '',
    e.no,
    e.checked,
    new Date(e.confirmedAt).toISOString(),
    ...(withRolls ? [rollsWords(rules!, e.state, rolls)] : []),
  ]);
  return [head, ...rows].map((r) => r.map(csvField).join(',')).join('\r\n') + '\r\n';
}

/**
 * The export JSON: the game (with its rolls), then each ranked sheet as its sheet state and score (docs/formats.md),
 * and how it agrees with the rolls.
 */
export function boardJson(g: GameRow, b: Board, sheets: SheetRow[], rolls: Roll[] = [], rules?: GameData) {
  const byNo = new Map(sheets.map((s) => [s.no, s]));
  return {
    game: { id: g.setupId, seed: g.seed, side: g.side, cards: g.cards, players: g.players.length, paper: g.paper, names: g.players, rolls },
    exportedAt: new Date(b.updatedAt).toISOString(),
    results: b.entries.map((e) => {
      const s = byNo.get(e.no)!;
      return {
        rank: e.rank,
        player: e.player,
        name: e.name,
        sheet: e.no,
        ...s.state,
        score: s.score,
        confidence: s.confidence,
        uncertain: s.uncertain,
        toggled: s.toggled,
        setupFrom: s.setupFrom,
        ...(s.qrPlayer !== null ? { sheetPlayer: s.qrPlayer } : {}),
        ...(rules && rolls.length ? { rollsCheck: rollsCheckJson(rules, s.state, rolls) } : {}),
        confirmedAt: new Date(e.confirmedAt).toISOString(),
      };
    }),
  };
}

function rollsCheckJson(rules: GameData, state: SheetState, rolls: Roll[]) {
  const c = checkRolls(rules, state, rolls);
  return { ...c, summary: describeRollsCheck(c) };
}
