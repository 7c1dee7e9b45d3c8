/**
 * The table's dice: the host rolls (or, in a solo game, the player on the phone), undoes the last turn, and every
 * open page of the game is told (event `dice`). The big-screen page shows them to the table.
 */
import type { ServerContext } from '../context.js';
import { cryptoDie, diceState, rollTurn, syncGameJson, undoTurn } from '../dice.js';
import { HttpError, readJson, sendJson, sendPage } from '../http.js';
import { gameTitle } from '../results.js';
import type { Call } from '../router.js';
import type { GameRow } from '../store.js';

/** After a roll or an undo: on the disk before it is answered, game.json follows, every open page of the game is told. */
async function diceChanged(ctx: ServerContext, g: GameRow): Promise<void> {
  await ctx.store.flush();
  syncGameJson(ctx.store, g.id);
  ctx.events.publish(g.id, 'dice', diceState(ctx.store, ctx.rules, g));
}

async function roll(ctx: ServerContext, { req, res, game }: Call, by: string): Promise<void> {
  const g = game!;
  const body = await readJson(req);
  const turn = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as { turn?: unknown }).turn : undefined;
  const out = rollTurn(ctx.store, ctx.rules, g, turn, ctx.opts.dice ?? cryptoDie);
  if (!out.ok) throw new HttpError(out.status, out.error);
  ctx.log(`roll ${g.id}: turn ${out.turn.turn} ${out.turn.dice.join('+')}${out.turn.rerolled.length ? ' (double 1 rolled again)' : ''} by ${by}`);
  await diceChanged(ctx, g);
  sendJson(res, 200, diceState(ctx.store, ctx.rules, g));
}

async function undo(ctx: ServerContext, { res, game, params }: Call, by: string): Promise<void> {
  const g = game!;
  const out = undoTurn(ctx.store, g, /^\d{1,3}$/.test(params.turn) ? Number(params.turn) : -1);
  if (!out.ok) throw new HttpError(out.status, out.error);
  ctx.log(`undo ${g.id}: turn ${params.turn} by ${by}`);
  await diceChanged(ctx, g);
  sendJson(res, 200, diceState(ctx.store, ctx.rules, g));
}

/** A player's phone rolls only in a solo game (sheet B); at a table the host does. */
function playersRoll(ctx: ServerContext, g: GameRow): void {
  if (ctx.rules.sheets[g.side].mode !== 'solo') throw new HttpError(403, 'The host rolls the dice for this game');
}

export const hostRoll = (ctx: ServerContext, call: Call) => roll(ctx, call, 'the host');

export const hostUndo = (ctx: ServerContext, call: Call) => undo(ctx, call, 'the host');

export async function playerRoll(ctx: ServerContext, call: Call): Promise<void> {
  playersRoll(ctx, call.game!);
  await roll(ctx, call, 'a player');
}

export async function playerUndo(ctx: ServerContext, call: Call): Promise<void> {
  playersRoll(ctx, call.game!);
  await undo(ctx, call, 'a player');
}

export const getDice = (ctx: ServerContext, { res, game }: Call) => sendJson(res, 200, diceState(ctx.store, ctx.rules, game!));

/** The big screen: the dice for the whole table to see (a TV or a laptop), rolled from there too. */
export const tablePage = (_ctx: ServerContext, { res, game }: Call) => sendPage(res, `Dice · ${gameTitle(game!)}`);
