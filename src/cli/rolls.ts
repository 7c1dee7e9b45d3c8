/** The table's rolls on the command line: `--rolls "3,4 1,6 ..."`, checked against a sheet side. */
import { parseRolls, RollsError, validateRolls, type Roll } from '../engine/rolls.js';
import type { GameData, Side } from '../engine/types.js';
import { OptionError } from '../errors.js';

/** `--rolls` parsed and checked against a side (its dice and turns), or undefined when not given. */
export function rollsOption(game: GameData, text: string | undefined, side: Side): Roll[] | undefined {
  if (text === undefined) return undefined;
  try {
    const rolls = parseRolls(text);
    if (rolls.length === 0) throw new OptionError('rolls', 'no rolls given (write each turn as a,b: "3,4 1,6 ...")');
    return validateRolls(game, side, rolls);
  } catch (e) {
    if (e instanceof RollsError) throw new OptionError('rolls', e.message);
    throw e;
  }
}
