/** Pieces the pages share: the top bar, messages, the score breakdown and the leaderboard list. */
import type { Score, SheetState } from '../engine/types.js';
import type { Board, BoardEntry, DiceState } from '../server/protocol.js';
import { ApiFailure, getJson } from './api.js';
import { h, type Child } from './dom.js';
import { overlay } from './overlay.js';

/** A count in words: 1 spot, 3 spots, -1 point. */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${Math.abs(n) === 1 ? one : many}`;

/** A total in words: 1 point, -1 point, 14 points. */
export const pointsText = (n: number): string => plural(n, 'point');

export function topBar(title: string, sub?: Child, right?: Child): HTMLElement {
  return h(
    'header',
    { class: 'top' },
    h('a', { href: '/', class: 'brand', 'data-nav': true, 'aria-label': 'Baako home' }, h('span', { class: 'logo', 'aria-hidden': 'true' }), 'Baako'),
    h('div', { class: 'top-title' }, h('h1', null, title), sub ? h('p', { class: 'top-sub' }, sub) : null),
    right ?? null,
  );
}

export function errorBox(message: string, action?: { label: string; run: () => void }): HTMLElement {
  return h(
    'div',
    { class: 'msg error', role: 'alert' },
    h('p', null, message),
    action ? h('button', { class: 'btn secondary small', type: 'button', onclick: action.run }, action.label) : null,
  );
}

export function page(...children: Child[]): HTMLElement {
  return h('main', { class: 'page' }, ...children);
}

/** A page in two columns on a wide screen (one on a phone: the first column, then the second). */
export function twoColumns(cls: string, left: Child[], right: Child[]): HTMLElement {
  return h('main', { class: `page ${cls}` }, h('div', { class: 'col' }, ...left), h('div', { class: 'col' }, ...right));
}

export function section(title: Child, ...children: Child[]): HTMLElement {
  return h('section', { class: 'card' }, title ? h('h2', null, title) : null, ...children);
}

/** Card chips in the game's colours. */
export function cardChips(cards: string[]): HTMLElement {
  return h(
    'ul',
    { class: 'chips' },
    cards.map((c) => h('li', { class: 'chip' }, h('span', { class: `dot c${cards.indexOf(c)}` }), c)),
  );
}

/** Points per card in play, the penalties and the total. */
export function breakdown(cards: string[], score: Score): HTMLElement {
  const rows: Child[] = cards.map((c) => {
    const n = score.discoveries.filter((d) => d.card === c).length;
    return h(
      'tr',
      null,
      h('th', { scope: 'row' }, h('span', { class: `dot c${cards.indexOf(c)}` }), c),
      h('td', { class: 'muted' }, n ? `${n} found` : '–'),
      h('td', { class: 'num' }, score.cards[c] ?? 0),
    );
  });
  const pd = score.penaltyDetail;
  const why = [pd.eggs ? `${pd.eggs} egg${pd.eggs === 1 ? '' : 's'}` : '', pd.enclosedHoles ? `${pd.enclosedHoles} enclosed hole${pd.enclosedHoles === 1 ? '' : 's'}` : '']
    .filter(Boolean)
    .join(', ');
  rows.push(h('tr', { class: 'pen' }, h('th', { scope: 'row' }, 'Penalties'), h('td', { class: 'muted' }, why || '–'), h('td', { class: 'num' }, score.penalties ? `−${score.penalties}` : '0')));
  rows.push(h('tr', { class: 'total' }, h('th', { scope: 'row' }, 'Total'), h('td', null, score.title ?? ''), h('td', { class: 'num' }, score.total)));
  return h('table', { class: 'breakdown' }, h('tbody', null, rows));
}

const medal = (rank: number) => (rank <= 3 ? ` r${rank}` : '');

function entryDetails(b: Board, e: BoardEntry): HTMLElement {
  const score: Score = { total: e.total, cards: e.cards, penalties: e.penalties, discoveries: e.discoveries, penaltyDetail: e.penaltyDetail, ...(e.title ? { title: e.title } : {}) };
  const state: SheetState = e.state;
  const view = overlay({ land: e.land, url: e.landUrl, uncertain: [], label: `${e.name}’s sheet as read` });
  view.update(state, score, []);
  return h('div', { class: 'entry-details' }, breakdown(b.cards, score), h('div', { class: 'thumb' }, view.el));
}

/** The ranked list; `open` keeps which rows are expanded across refreshes. */
export function boardList(b: Board, open: Set<number>): HTMLElement {
  if (b.entries.length === 0) {
    return h('p', { class: 'empty' }, 'No confirmed sheet yet. Scores appear here as players confirm them.');
  }
  const tiedWith = (e: BoardEntry) => b.entries.filter((o) => o.rank === e.rank).length > 1;
  return h(
    'ol',
    { class: 'board' },
    b.entries.map((e) => {
      const details = h('details', { class: `entry${medal(e.rank)}`, 'data-no': e.no },
        h(
          'summary',
          null,
          h('span', { class: 'rank', 'aria-label': `rank ${e.rank}` }, e.rank),
          h('span', { class: 'who' }, h('span', { class: 'name' }, e.name), h('span', { class: 'finds' }, `${e.finds} discover${e.finds === 1 ? 'y' : 'ies'}${tiedWith(e) ? ' · tied' : ''}${e.title ? ` · ${e.title}` : ''}`)),
          h('span', { class: 'total' }, e.total),
        ),
      );
      if (open.has(e.no)) {
        details.open = true;
        details.appendChild(entryDetails(b, e));
      }
      details.addEventListener('toggle', () => {
        if (details.open) {
          open.add(e.no);
          if (!details.querySelector('.entry-details')) details.appendChild(entryDetails(b, e));
        } else open.delete(e.no);
      });
      return h('li', null, details);
    }),
  );
}

/** The "live" badge of a page following its game's events, and the callback that keeps it true. */
export function liveBadge(): { el: HTMLElement; set: (on: boolean) => void } {
  const el = h('span', { class: 'live off' }, 'connecting');
  return {
    el,
    set(on) {
      el.className = `live ${on ? 'on' : 'off'}`;
      el.textContent = on ? 'live' : 'reconnecting';
    },
  };
}

/**
 * Keeps a board (and the table's dice) up to date: server-sent events, or polling every 5 s when they fail.
 * Returns a stopper.
 */
export function followBoard(
  gameId: string,
  onBoard: (b: Board) => void,
  onLive: (live: boolean) => void,
  onSheets?: () => void,
  onDice?: (d: DiceState) => void,
): () => void {
  let stopped = false;
  let poll: number | undefined;
  let source: EventSource | undefined;
  const fetchBoard = async () => {
    try {
      const res = await fetch(`/api/games/${gameId}/board`, { cache: 'no-store' });
      if (res.ok) onBoard((await res.json()) as Board);
    } catch {
      /* next time */
    }
  };
  const startPolling = () => {
    if (poll !== undefined || stopped) return;
    onLive(false);
    poll = window.setInterval(() => {
      void fetchBoard();
      onSheets?.();
      if (onDice) void fetch(`/api/games/${gameId}/dice`, { cache: 'no-store' }).then((r) => (r.ok ? r.json().then((d: DiceState) => onDice(d)) : undefined)).catch(() => undefined);
    }, 5000);
  };
  if (typeof EventSource === 'function') {
    source = new EventSource(`/api/games/${gameId}/events`);
    source.addEventListener('board', (e) => {
      onLive(true);
      onBoard(JSON.parse((e as MessageEvent).data) as Board);
    });
    source.addEventListener('sheets', () => onSheets?.());
    source.addEventListener('dice', (e) => onDice?.(JSON.parse((e as MessageEvent).data) as DiceState));
    source.onerror = () => {
      onLive(false);
      // The browser retries by itself; if the stream is refused outright, poll instead.
      if (source && source.readyState === EventSource.CLOSED) startPolling();
    };
  } else startPolling();
  return () => {
    stopped = true;
    source?.close();
    if (poll !== undefined) clearInterval(poll);
  };
}

/** A page's game data, or undefined once the page shows why it could not be loaded (under a bar titled `title`). */
export async function loadOrExplain<T>(root: HTMLElement, title: string, path: string): Promise<T | undefined> {
  try {
    return await getJson<T>(path);
  } catch (e) {
    root.replaceChildren(topBar(title), page(errorBox(e instanceof ApiFailure ? e.message : 'Could not load the game')));
    return undefined;
  }
}
