/**
 * The host's scanned PDFs: send the printer's PDF of the whole table; each page goes to the player its QR code
 * names; the pages the server could not place are shown with their picture, to be given a player here.
 */
import type { HostInfo, ScanBatchView, ScanPageView } from '../server/protocol.js';
import { ApiFailure, sendJson, uploadPhoto } from './api.js';
import { h } from './dom.js';
import { errorBox, plural } from './ui.js';

export interface ScansBox {
  el: HTMLElement;
  update(info: HostInfo): void;
}

export function scansSection(hostKey: string, refresh: () => Promise<void>): ScansBox {
  const input = h('input', { type: 'file', accept: 'application/pdf,.pdf', class: 'file-input', id: 'scan-pdf' });
  const pick = h('label', { for: 'scan-pdf', class: 'btn secondary' }, 'Send a scanned PDF');
  const status = h('div', { 'aria-live': 'polite' });
  const list = h('div', null);
  let players: string[] = [];
  let busy = false;

  input.addEventListener('change', async () => {
    const file = input.files?.[0];
    input.value = '';
    if (!file || busy) return;
    busy = true;
    const bar = h('progress', { max: 1, value: 0 });
    const label = h('p', null, `Sending ${file.name}…`);
    status.replaceChildren(h('div', { class: 'msg working' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('div', null, label, bar)));
    try {
      const pdf = file.type === 'application/pdf' ? file : new Blob([file], { type: 'application/pdf' });
      await uploadPhoto<ScanBatchView>(
        `/api/host/${hostKey}/scans`,
        pdf,
        undefined,
        (p) => (bar.value = p),
        () => {
          label.textContent = `Checking ${file.name}…`;
          bar.removeAttribute('value');
        },
        { 'X-File-Name': encodeURIComponent(file.name) },
      );
      status.replaceChildren();
      await refresh();
    } catch (e) {
      status.replaceChildren(errorBox(e instanceof ApiFailure ? e.message : 'Something went wrong: try again'));
    } finally {
      busy = false;
    }
  });

  const assignRow = (b: ScanBatchView, p: ScanPageView) => {
    const select = h(
      'select',
      { 'aria-label': `Player of page ${p.page}` },
      h('option', { value: '' }, 'Whose sheet?'),
      players.map((name, i) => h('option', { value: i + 1 }, name)),
    );
    const file = h('button', { class: 'btn primary small', type: 'button' }, 'File');
    const error = h('div', null);
    file.addEventListener('click', async () => {
      if (!select.value) {
        error.replaceChildren(errorBox('Pick the player whose sheet this is.'));
        return;
      }
      file.disabled = true;
      try {
        await sendJson(`POST`, `/api/host/${hostKey}/scans/${b.id}/${p.page}`, { player: Number(select.value) });
        await refresh();
      } catch (e) {
        file.disabled = false;
        error.replaceChildren(errorBox(e instanceof ApiFailure ? e.message : 'Something went wrong: try again'));
      }
    });
    return h('div', { class: 'assign' }, select, file, error);
  };

  const pageRow = (b: ScanBatchView, p: ScanPageView) => {
    const picture = p.imageUrl ? h('a', { href: p.imageUrl, target: '_blank', rel: 'noopener', class: 'page-pic' }, h('img', { src: p.imageUrl, alt: `Page ${p.page}`, loading: 'lazy' })) : null;
    let what: HTMLElement;
    if (p.status === 'filed' && p.sheet) {
      const s = p.sheet;
      what = h(
        'span',
        { class: 'who' },
        h('span', { class: 'name' }, s.name),
        h('small', null, `${s.total} points${s.asked ? ` · ${plural(s.asked, 'spot')} to check` : ''} · `, h('a', { href: s.reviewUrl, target: '_blank', rel: 'noopener' }, s.status === 'review' ? 'check and confirm' : s.status)),
      );
    } else if (p.status === 'unassigned') {
      what = h('span', { class: 'who' }, h('span', { class: 'name' }, `${p.message ?? 'QR code unreadable'}`), h('small', null, `reads ${p.total} points${p.asked ? `, ${plural(p.asked, 'spot')} to check` : ''}`), assignRow(b, p));
    } else if (p.status === 'waiting') {
      what = h('span', { class: 'who' }, h('small', null, 'to read'));
    } else {
      what = h('span', { class: 'who' }, h('span', { class: 'name' }, p.status === 'refused' ? 'Refused' : 'Not read'), h('small', null, p.message ?? ''));
    }
    return h('li', { class: `scan-page ${p.status}` }, h('span', { class: 'no' }, `p${p.page}`), picture, what);
  };

  const batchView = (b: ScanBatchView) => {
    const count = (s: ScanPageView['status']) => b.items.filter((i) => i.status === s).length;
    const read = b.items.length - count('waiting');
    const parts = [
      b.pages === null ? 'checking' : plural(b.pages, 'page'),
      count('filed') ? `${count('filed')} filed` : '',
      count('unassigned') ? `${count('unassigned')} to assign` : '',
      count('refused') + count('failed') ? `${count('refused') + count('failed')} not filed` : '',
    ].filter(Boolean);
    const reading = b.status !== 'done' && b.pages ? h('p', { class: 'hint' }, h('progress', { max: b.pages, value: read }), ` reading page ${Math.min(read + 1, b.pages)} of ${b.pages}…`) : null;
    // Pages needing the host first, then the rest in page order.
    const order = (p: ScanPageView) => (p.status === 'unassigned' ? 0 : p.status === 'refused' || p.status === 'failed' ? 1 : 2);
    const items = [...b.items].filter((p) => p.status !== 'waiting').sort((x, y) => order(x) - order(y) || x.page - y.page);
    return h('div', { class: 'batch' }, h('p', { class: 'batch-title' }, h('strong', null, b.name), ` · ${parts.join(' · ')}`), reading, items.length ? h('ul', { class: 'scan-pages' }, items.map((p) => pageRow(b, p))) : null);
  };

  const el = h(
    'div',
    null,
    h('p', { class: 'hint first' }, 'Scanned the finished sheets on a printer? Send its PDF: each page goes to the player its QR code names.'),
    input,
    pick,
    status,
    list,
  );
  return {
    el,
    update(info: HostInfo) {
      players = info.players;
      list.replaceChildren(...info.scans.map(batchView));
    },
  };
}
