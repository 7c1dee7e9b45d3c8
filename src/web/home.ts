/** The host's first screen: create a game night; the games created on this device. */
import type { CreateGameRequest, HostInfo } from '../server/protocol.js';
import { ApiFailure, sendJson } from './api.js';
import { h, saved } from './dom.js';
import { errorBox, page, section, topBar } from './ui.js';

export interface KnownGame {
  hostKey: string;
  title: string;
  players: number;
  createdAt: number;
}

export const KNOWN = 'baako.hostGames';

function segmented(name: string, options: [value: string, label: string][], value: string): HTMLElement {
  return h(
    'div',
    { class: 'seg', role: 'radiogroup' },
    options.map(([v, label]) =>
      h('label', null, h('input', { type: 'radio', name, value: v, checked: v === value }), h('span', null, label)),
    ),
  );
}

export function homePage(root: HTMLElement, go: (path: string) => void): void {
  const players = h('textarea', { id: 'players', name: 'players', rows: 5, placeholder: 'Ana\nBen\nChloé\nDev', autocomplete: 'off', autocapitalize: 'words', spellcheck: false });
  const seed = h('input', { id: 'seed', name: 'seed', type: 'text', placeholder: 'random', autocomplete: 'off', autocapitalize: 'off', spellcheck: false, maxlength: 40, pattern: '[A-Za-z0-9_-]*' });
  const message = h('div', { 'aria-live': 'polite' });
  const submit = h('button', { class: 'btn primary big', type: 'submit' }, 'Create game');
  const form = h(
    'form',
    { class: 'stack', novalidate: true },
    h('label', { for: 'players', class: 'field' }, h('span', null, 'Players'), h('small', null, 'One name per line, or just a number')),
    players,
    h('label', { for: 'seed', class: 'field' }, h('span', null, 'Seed'), h('small', null, 'Optional: the same seed deals the same cards')),
    seed,
    h('div', { class: 'field' }, h('span', null, 'Sheet')),
    segmented('side', [['A', 'A · multiplayer'], ['B', 'B · solo']], 'A'),
    h('div', { class: 'field' }, h('span', null, 'Paper')),
    segmented('paper', [['a4', 'A4'], ['letter', 'Letter']], 'a4'),
    message,
    submit,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const text = players.value.trim();
    const list = text.split(/\r?\n/).map((s) => s.trim()).filter(Boolean);
    const data = new FormData(form);
    const req: CreateGameRequest = {
      players: /^\d+$/.test(text) ? Number(text) : list,
      seed: seed.value.trim() || undefined,
      side: data.get('side') as 'A' | 'B',
      paper: data.get('paper') as 'a4' | 'letter',
    };
    if (list.length === 0) {
      message.replaceChildren(errorBox('Write the players’ names, one per line (or how many players there are).'));
      players.focus();
      return;
    }
    submit.disabled = true;
    submit.textContent = 'Printing the pack…';
    message.replaceChildren();
    try {
      const info = await sendJson<HostInfo>('POST', '/api/games', req);
      const known = saved.get<KnownGame[]>(KNOWN, []).filter((k) => k.hostKey !== info.hostKey);
      known.unshift({ hostKey: info.hostKey, title: info.title, players: info.players.length, createdAt: info.createdAt });
      saved.set(KNOWN, known.slice(0, 20));
      go(`/host/${info.hostKey}`);
    } catch (err) {
      message.replaceChildren(errorBox(err instanceof ApiFailure ? err.message : 'Could not create the game'));
      submit.disabled = false;
      submit.textContent = 'Create game';
    }
  });

  const known = saved.get<KnownGame[]>(KNOWN, []);
  root.replaceChildren(
    topBar('Game night'),
    page(
      h('p', { class: 'lead' }, 'Create a game, print its pack, and let everyone score their sheet with their phone.'),
      section('New game', form),
      known.length
        ? section(
            'Your games on this device',
            h(
              'ul',
              { class: 'links' },
              known.map((k) =>
                h('li', null, h('a', { href: `/host/${k.hostKey}`, 'data-nav': true, class: 'row-link' }, h('span', null, k.title), h('small', null, `${k.players} player${k.players === 1 ? '' : 's'} · ${new Date(k.createdAt).toLocaleDateString()}`))),
              ),
            ),
          )
        : null,
    ),
  );
}
