/** The table's rolls on the command line: `--rolls "3,4 1,6 ..."`, a state's `rolls` key or a game.json's. */
import { checkedRolls } from '../data/state.js';
import { parseRolls, RollsError, type Roll } from '../engine/rolls.js';
import type { GameData, Side } from '../engine/types.js';
import { UserError } from '../errors.js';

export const ROLLS_OPTION = {
  type: 'string',
  describe: 'the game\'s dice, one turn a pair: "3,4 1,6 ..." (a re-rolled double 1 left out); the sheet is checked against them',
} as const;

/** `--rolls` parsed and checked against a side (its dice and turns), or undefined when not given. */
export function rollsOption(game: GameData, text: string | undefined, side: Side): Roll[] | undefined {
  if (text === undefined) return undefined;
  let rolls: Roll[];
  try {
    rolls = parseRolls(text);
  } catch (e) {
    if (e instanceof RollsError) throw new UserError(`--rolls: ${e.message}`);
    throw e;
  }
  if (rolls.length === 0) throw new UserError('--rolls: no rolls given (write each turn as a,b: "3,4 1,6 ...")');
  return checkedRolls(game, side, rolls, '--rolls');
}
