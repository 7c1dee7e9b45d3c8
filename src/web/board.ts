/** The leaderboard: ranked with the tie-break, each row opening to its breakdown and sheet; live. */
import type { Board, GameInfo } from '../server/protocol.js';
import { ApiFailure, getJson } from './api.js';
import { dicePanel } from './dice.js';
import { h } from './dom.js';
import { boardList, cardChips, errorBox, followBoard, liveBadge, page, topBar } from './ui.js';

export async function boardPage(root: HTMLElement, gameId: string): Promise<() => void> {
  let game: GameInfo;
  try {
    game = await getJson<GameInfo>(`/api/games/${gameId}`);
  } catch (e) {
    root.replaceChildren(topBar('Leaderboard'), page(errorBox(e instanceof ApiFailure ? e.message : 'Could not load the game')));
    return () => undefined;
  }
  const open = new Set<number>();
  const live = liveBadge();
  const list = h('div', { class: 'board-box' });
  const waiting = h('p', { class: 'waiting' });
  const dice = dicePanel(game.dice, 'compact');
  root.replaceChildren(
    topBar('Leaderboard', game.title, live.el),
    page(
      h('section', { class: 'card dice-card' }, dice.el),
      cardChips(game.cards),
      list,
      waiting,
      h('p', { class: 'hint' }, 'Ties: most discoveries first, then shared. Tap a player for the details.'),
      h(
        'div',
        { class: 'actions' },
        h('a', { class: 'btn secondary', href: `/g/${gameId}/results.csv`, download: '' }, 'Export CSV'),
        h('a', { class: 'btn secondary', href: `/g/${gameId}/results.json`, download: '' }, 'Export JSON'),
      ),
      h('p', { class: 'center' }, h('a', { href: `/g/${gameId}`, 'data-nav': true, class: 'link' }, '← Send a sheet')),
    ),
  );
  return followBoard(
    gameId,
    (b: Board) => {
      list.replaceChildren(boardList(b, open));
      waiting.textContent = b.waiting.length ? `Still to come: ${b.waiting.join(', ')}` : b.entries.length ? 'Everyone is in.' : '';
    },
    live.set,
    undefined,
    (d) => dice.update(d),
  );
}
