/** The built-in decks: every `templates/GAME/PART.layout.json`, printed by name as `GAME-PART` (e.g. waka-tasks). */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { basename, extname, join, resolve } from 'node:path';
import { DataError, UserError } from '../errors.js';
import { templatesDir } from './load.js';

export interface BuiltinDeck {
  name: string;
  layout: string;
}

const SUFFIX = '.layout.json';

export function builtinDecks(dir = templatesDir): BuiltinDeck[] {
  const out: BuiltinDeck[] = [];
  for (const game of readdirSync(dir).sort()) {
    const d = join(dir, game);
    if (!statSync(d).isDirectory()) continue;
    for (const f of readdirSync(d).sort()) {
      if (f.endsWith(SUFFIX)) out.push({ name: `${game}-${f.slice(0, -SUFFIX.length)}`, layout: join(d, f) });
    }
  }
  return out;
}

/** A layout file, or the name of a built-in deck. Returns the layout's path and the deck's name (for the output file). */
export function resolveDeck(arg: string): BuiltinDeck {
  const builtin = builtinDecks().find((b) => b.name === arg.toLowerCase());
  const looksLikeFile = extname(arg).toLowerCase() === '.json' || arg.includes('/');
  if (builtin && !looksLikeFile) return builtin;
  if (existsSync(arg) && statSync(arg).isFile()) {
    const b = basename(arg);
    const name = b.endsWith(SUFFIX) ? b.slice(0, -SUFFIX.length) : basename(b, extname(b));
    return { name, layout: resolve(arg) };
  }
  if (looksLikeFile) throw new DataError(arg, undefined, 'layout not found', 'file-not-found');
  throw new UserError(`unknown deck "${arg}" (a layout file, or a built-in deck: ${builtinDecks().map((b) => b.name).join(', ')}; see baako deck --list)`, 2, 'unknown-deck');
}
