/**
 * Markup inside text cells: `**bold**`, `*italic*`, `[color=fire]...[/color]` (a colour of the layout or "#rrggbb")
 * and inline icons `:coin:` (a name of the layout's icons, starting with a letter, so times like 10:30 stay text).
 * A backslash keeps the next character as it is (`\*`, `\:`, `\[`, `\\`). Nothing here clashes with `{column}`
 * templates, which are filled in first: a cell may hold markup too.
 */

export interface Style {
  bold: boolean;
  italic: boolean;
  /** The colour as written ("fire", "#c0392b"), or null for the element's colour. */
  color: string | null;
}

export type Piece = { kind: 'text'; text: string; style: Style } | { kind: 'icon'; name: string; style: Style };

/** A word: pieces with no space between them (":coin:2" is an icon and a "2"). */
export type Word = Piece[];

export const PLAIN: Style = { bold: false, italic: false, color: null };

const ICON_RE = /^:([A-Za-z][A-Za-z0-9_-]*):/;
const COLOR_OPEN_RE = /^\[colou?r=([^\]\s]{1,200})\]/i;
const COLOR_CLOSE_RE = /^\[\/colou?r\]/i;

/** Whether a paragraph has anything to parse: most cells do not, and keep the plain path. */
export function hasMarkup(s: string): boolean {
  return /[*\\]|:[A-Za-z]|\[\/?colou?r/i.test(s);
}

/**
 * The words of one paragraph. A `*` or `**` without its closing mate is kept as a character; an unclosed colour
 * span runs to the end of the paragraph.
 */
export function parseParagraph(p: string): Word[] {
  const words: Word[] = [];
  let word: Word = [];
  let text = '';
  let bold = false;
  let italic = false;
  const colors: string[] = [];
  const style = (): Style => ({ bold, italic, color: colors.length ? colors[colors.length - 1] : null });
  const flushText = () => {
    if (text) word.push({ kind: 'text', text, style: style() });
    text = '';
  };
  const endWord = () => {
    flushText();
    if (word.length) words.push(word);
    word = [];
  };
  for (let i = 0; i < p.length; ) {
    const ch = p[i];
    const rest = p.slice(i);
    if (ch === '\\' && i + 1 < p.length) {
      text += p[i + 1];
      i += 2;
      continue;
    }
    if (ch === ' ' || ch === '\t') {
      endWord();
      i++;
      continue;
    }
    if (rest.startsWith('**') && (bold || p.indexOf('**', i + 2) > i + 2)) {
      flushText();
      bold = !bold;
      i += 2;
      continue;
    }
    if (ch === '*' && (italic || hasClosingStar(p, i + 1))) {
      flushText();
      italic = !italic;
      i++;
      continue;
    }
    const icon = ch === ':' ? ICON_RE.exec(rest) : null;
    if (icon) {
      flushText();
      word.push({ kind: 'icon', name: icon[1], style: style() });
      i += icon[0].length;
      continue;
    }
    const open = ch === '[' ? COLOR_OPEN_RE.exec(rest) : null;
    if (open) {
      flushText();
      colors.push(open[1]);
      i += open[0].length;
      continue;
    }
    const close = ch === '[' && colors.length ? COLOR_CLOSE_RE.exec(rest) : null;
    if (close) {
      flushText();
      colors.pop();
      i += close[0].length;
      continue;
    }
    text += ch;
    i++;
  }
  endWord();
  return words;
}

/** A single `*` closing an italic span later on (not part of a `**`). */
function hasClosingStar(p: string, from: number): boolean {
  for (let j = from; j < p.length; j++) {
    if (p[j] === '\\') j++;
    else if (p[j] === '*') {
      if (p[j + 1] === '*') j++;
      else return j > from;
    }
  }
  return false;
}
