/**
 * The big screen (a TV or a laptop the whole table sees): the dice as large as the screen allows, the turn and
 * what it means, the turn track, the leaderboard and the join QR code for latecomers. The host rolls from here
 * too: the buttons, or Space to roll and U to undo.
 */
import type { Board, HostInfo } from '../server/protocol.js';
import { h } from './dom.js';
import { dicePanel } from './dice.js';
import { boardList, followBoard, liveBadge, loadOrExplain, topBar } from './ui.js';

export async function tablePage(root: HTMLElement, hostKey: string): Promise<() => void> {
  const info = await loadOrExplain<HostInfo>(root, 'Dice', `/api/host/${hostKey}`);
  if (!info) return () => undefined;
  const dice = dicePanel(info.dice, 'screen', { roll: `/api/host/${hostKey}/rolls`, undo: `/api/host/${hostKey}/rolls` });
  const live = liveBadge();
  const boardBox = h('div', { class: 'table-board' });
  const open = new Set<number>();
  root.replaceChildren(
    topBar(info.title, `Side ${info.side} · ${info.players.length} player${info.players.length === 1 ? '' : 's'}`, live.el),
    h(
      'main',
      { class: 'table-screen' },
      h('section', { class: 'table-dice' }, dice.el, h('p', { class: 'keys' }, h('kbd', null, 'Space'), ' roll · ', h('kbd', null, 'U'), ' undo the last turn')),
      h(
        'aside',
        { class: 'table-side' },
        h('h2', null, 'Leaderboard'),
        boardBox,
        h('div', { class: 'table-join' }, h('img', { class: 'qr small', src: `/host/${hostKey}/qr.svg`, alt: `QR code for ${info.joinUrl}`, width: 120, height: 120 }), h('p', null, 'Join the game: scan with your phone camera')),
      ),
    ),
  );
  document.body.classList.add('big-screen');
  const onKey = (e: KeyboardEvent) => {
    if (e.target instanceof HTMLElement && /^(INPUT|TEXTAREA|BUTTON|A|SUMMARY)$/.test(e.target.tagName) && e.key !== 'u' && e.key !== 'U') return;
    if (e.key === ' ' || e.key === 'Enter') {
      e.preventDefault();
      dice.roll();
    } else if (e.key === 'u' || e.key === 'U') dice.undo();
  };
  document.addEventListener('keydown', onKey);
  const stop = followBoard(
    info.id,
    (b: Board) => boardBox.replaceChildren(boardList(b, open)),
    live.set,
    undefined,
    (d) => dice.update(d),
  );
  return () => {
    stop();
    document.removeEventListener('keydown', onKey);
    document.body.classList.remove('big-screen');
  };
}
