/** The host's screen: the pack to print, the join QR code, the table's dice, the live leaderboard, the sheets, the exports. */
import type { Board, HostInfo, PhotosDeleted, SheetSummary } from '../server/protocol.js';
import { ApiFailure, getJson, sendJson } from './api.js';
import { h, saved } from './dom.js';
import { dicePanel } from './dice.js';
import { KNOWN, type KnownGame } from './home.js';
import { scansSection } from './scans.js';
import { boardList, cardChips, followBoard, liveBadge, loadOrExplain, page, section, topBar, twoColumns } from './ui.js';

const FILE_LABELS: Record<string, [string, string]> = {
  'sheets.pdf': ['Sheets', 'one page a player'],
  'cards.pdf': ['Cards', 'the 15 discovery cards'],
  'host.pdf': ['Host sheet', 'cards in play, turn, score'],
  'game.json': ['game.json', 'for baako scan --game'],
};

const STATUS: Record<SheetSummary['status'], string> = { review: 'not confirmed yet', confirmed: 'confirmed', replaced: 'replaced', removed: 'removed' };

export async function hostPage(root: HTMLElement, hostKey: string): Promise<() => void> {
  const loaded = await loadOrExplain<HostInfo>(root, 'Host', `/api/host/${hostKey}`);
  if (!loaded) return () => undefined;
  let info = loaded;
  const known = saved.get<KnownGame[]>(KNOWN, []);
  if (!known.some((k) => k.hostKey === hostKey)) {
    known.unshift({ hostKey, title: info.title, players: info.players.length, createdAt: info.createdAt });
    saved.set(KNOWN, known.slice(0, 20));
  }

  const open = new Set<number>();
  const live = liveBadge();
  const boardBox = h('div', null);
  const sheetsBox = h('div', null);
  const copyBtn = h('button', { class: 'btn secondary small', type: 'button' }, 'Copy');
  copyBtn.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(info.joinUrl);
      copyBtn.textContent = 'Copied';
    } catch {
      copyBtn.textContent = 'Select and copy';
    }
  });

  const renderSheets = (list: SheetSummary[]) => {
    const shown = list.filter((s) => s.status !== 'removed' && s.status !== 'replaced').reverse();
    sheetsBox.replaceChildren(
      shown.length === 0
        ? h('p', { class: 'empty' }, 'No photo yet.')
        : h(
            'ul',
            { class: 'sheets' },
            shown.map((s) => {
              const remove = h('button', { class: 'btn danger small', type: 'button', 'aria-label': `Remove sheet ${s.no} of ${s.name}` }, 'Remove');
              remove.addEventListener('click', async () => {
                if (!confirm(`Take ${s.name}’s sheet #${s.no} (total ${s.total}) off the game?`)) return;
                remove.disabled = true;
                const res = await fetch(`/api/host/${hostKey}/sheets/${s.no}`, { method: 'DELETE' });
                if (res.ok) void refreshSheets();
                else remove.disabled = false;
              });
              return h(
                'li',
                { class: `sheet ${s.status}` },
                h('span', { class: 'no' }, `#${s.no}`),
                h(
                  'span',
                  { class: 'who' },
                  h('span', { class: 'name' }, s.name),
                  h('small', null, `${STATUS[s.status]}${s.asked ? ` · ${s.asked} spot${s.asked === 1 ? '' : 's'} ${s.status === 'confirmed' ? 'checked' : 'to check'}` : ''}`),
                  // A sheet that breaks the rolls' count is never a silent score.
                  s.rolls && !s.rolls.agrees ? h('small', { class: 'rolls-off' }, s.rolls.note ?? s.rolls.summary) : null,
                  s.rolls?.agrees ? h('small', { class: 'rolls-ok' }, '✓ agrees with the rolls') : null,
                ),
                h('span', { class: 'total' }, s.total),
                remove,
              );
            }),
          ),
    );
  };
  const refreshSheets = async () => {
    try {
      info = await getJson<HostInfo>(`/api/host/${hostKey}`);
      renderSheets(info.sheets);
      renderPhotos(info.photos);
      scans.update(info);
    } catch {
      /* next event */
    }
  };
  // The players' photos stay on this computer until deleted here (a phone's photo may carry its location).
  const photosBox = h('div', { class: 'photos' });
  const renderPhotos = (n: number, note = '') => {
    const del = h('button', { class: 'btn danger small', type: 'button' }, 'Delete the photos');
    del.addEventListener('click', async () => {
      if (!confirm(`Delete the ${n} photo${n === 1 ? '' : 's'} the players sent? The scores and the straightened sheets stay.`)) return;
      del.disabled = true;
      try {
        const r = await sendJson<PhotosDeleted>('DELETE', `/api/host/${hostKey}/photos`, {});
        renderPhotos(r.waiting, r.waiting ? `${r.waiting} still waiting for the scanner are kept until read.` : 'Deleted.');
      } catch (e) {
        renderPhotos(n, e instanceof ApiFailure ? e.message : 'Could not delete them: try again');
      }
    });
    photosBox.replaceChildren(
      h('p', { class: 'hint' }, n ? `${n} photo${n === 1 ? '' : 's'} from the players ${n === 1 ? 'is' : 'are'} kept here (a phone photo may carry its location).` : 'No photo of the players is kept here.', note ? ` ${note}` : ''),
      ...(n ? [del] : []),
    );
  };
  renderPhotos(info.photos);

  const scans = scansSection(hostKey, refreshSheets);
  const dice = dicePanel(info.dice, 'medium', { roll: `/api/host/${hostKey}/rolls`, undo: `/api/host/${hostKey}/rolls` });
  const renderBoard = (b: Board) => {
    boardBox.replaceChildren(boardList(b, open));
    if (b.waiting.length) boardBox.append(h('p', { class: 'waiting' }, `Still to come: ${b.waiting.join(', ')}`));
  };

  root.replaceChildren(
    topBar(info.title, `Side ${info.side} · ${info.players.length} player${info.players.length === 1 ? '' : 's'} · ${info.paper === 'a4' ? 'A4' : 'Letter'}`, h('span', { class: 'badge-host' }, 'Host')),
    twoColumns(
      'host',
      [
        section('Cards in play', cardChips(info.cards)),
        section(
          h('span', null, h('span', { class: 'step' }, '1'), 'Print the pack'),
          h(
            'div',
            { class: 'files' },
            info.files.map((f) => {
              const [label, what] = FILE_LABELS[f.name] ?? [f.name, ''];
              return h('a', { class: 'file', href: f.url, download: `baako-${info.seed}-${f.name}` }, h('span', { class: 'file-name' }, label), h('small', null, what));
            }),
          ),
          h('p', { class: 'hint' }, 'Print at 100 % (actual size). Each sheet’s QR code tells the scanner which game and player it is.'),
        ),
        section(
          h('span', null, h('span', { class: 'step' }, '2'), 'Players join'),
          h('div', { class: 'join' }, h('img', { class: 'qr', src: `/host/${hostKey}/qr.svg`, alt: `QR code for ${info.joinUrl}`, width: 240, height: 240 })),
          h('p', { class: 'center' }, 'Players scan this with their phone camera (same Wi-Fi), pick their name and photograph their sheet.'),
          h('div', { class: 'url-row' }, h('code', { class: 'url' }, info.joinUrl), copyBtn),
          info.joinUrls.length > 1 ? h('p', { class: 'hint' }, `If that address doesn’t open, try ${info.joinUrls.slice(1).join(' or ')}.`) : null,
        ),
      ],
      [
        section(
          h(
            'span',
            { class: 'row-title' },
            h('span', null, h('span', { class: 'step' }, '3'), 'Roll the dice'),
            h('a', { class: 'btn secondary small', href: `/host/${hostKey}/table`, target: '_blank', rel: 'noopener' }, 'Big screen ↗'),
          ),
          dice.el,
          h('p', { class: 'hint' }, 'Every phone of the game shows each roll as it happens. Put the big screen on a TV or a laptop everyone can see.'),
        ),
        section(
          h('span', { class: 'row-title' }, h('span', null, h('span', { class: 'step' }, '4'), 'Leaderboard'), live.el),
          boardBox,
          h(
            'div',
            { class: 'actions' },
            h('a', { class: 'btn secondary', href: `/g/${info.id}/board`, 'data-nav': true }, 'Leaderboard page'),
            h('a', { class: 'btn secondary', href: `/g/${info.id}/results.csv`, download: '' }, 'CSV'),
            h('a', { class: 'btn secondary', href: `/g/${info.id}/results.json`, download: '' }, 'JSON'),
          ),
        ),
        section('Sheets', sheetsBox),
        section('Scanned sheets', scans.el),
        section(
          'On this computer',
          h('p', { class: 'hint' }, 'The game is saved in the data folder; the command line scans photos for it too:'),
          h('pre', { class: 'cli' }, `baako scan photo.jpg --game ${info.gameJson}`),
          photosBox,
        ),
      ],
    ),
  );
  renderSheets(info.sheets);
  scans.update(info);
  const stop = followBoard(
    info.id,
    (b) => {
      renderBoard(b);
      void refreshSheets();
    },
    live.set,
    () => void refreshSheets(),
    (d) => {
      dice.update(d);
      // The sheets' counts follow the rolls.
      void refreshSheets();
    },
  );
  return stop;
}
