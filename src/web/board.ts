/** The leaderboard: ranked with the tie-break, each row opening to its breakdown and sheet; live. */
import type { Board, GameInfo } from '../server/protocol.js';
import { dicePanel } from './dice.js';
import { h } from './dom.js';
import { boardList, cardChips, followBoard, liveBadge, loadOrExplain, page, topBar } from './ui.js';

export async function boardPage(root: HTMLElement, gameId: string): Promise<() => void> {
  const game = await loadOrExplain<GameInfo>(root, 'Leaderboard', `/api/games/${gameId}`);
  if (!game) return () => undefined;
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
