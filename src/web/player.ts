/**
 * The player's screens: pick your name, photograph your sheet, then check what was read: tap the scanner's
 * doubts to switch them (the score is recomputed here, by the same engine as the server), and confirm.
 */
import { applyToggles, itemValue, sameItem, type ReviewItem } from '../engine/review.js';
import { checkRolls, describeRollsCheck, rollsQuestion } from '../engine/rolls.js';
import { scoreState } from '../engine/score.js';
import type { Board, GameInfo, SheetView } from '../server/protocol.js';
import { ApiFailure, getJson, sendJson, uploadPhoto } from './api.js';
import { h, saved } from './dom.js';
import { dicePanel } from './dice.js';
import { closeUp, overlay, type OverlayView } from './overlay.js';
import { breakdown, errorBox, followBoard, liveBadge, page, section, topBar } from './ui.js';

const MAX_UPLOAD = 25_000_000;
const meKey = (gameId: string) => `baako.me.${gameId}`;
const sheetsKey = (gameId: string) => `baako.sheets.${gameId}`;

/**
 * What to send: the photo itself when the server reads its format and it is small enough; otherwise (HEIC from
 * an iPhone, a huge file) the browser decodes it and sends a JPEG of at most 4000 px.
 */
async function prepare(file: File): Promise<Blob> {
  const readable = /^image\/(jpeg|png|webp)$/.test(file.type);
  if (readable && file.size <= MAX_UPLOAD) return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    if (readable) throw new ApiFailure(`The photo is too big (${(file.size / 1e6).toFixed(0)} MB): take it again with the normal camera settings`, 413);
    throw new ApiFailure('This file is not a photo this phone can open: take a photo of your sheet', 415);
  }
  const k = Math.min(1, 4000 / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(bitmap.width * k);
  canvas.height = Math.round(bitmap.height * k);
  const ctx = canvas.getContext('2d')!;
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
  if (!blob) throw new ApiFailure('Could not convert the photo: take it again', 415);
  return blob;
}

export async function joinPage(root: HTMLElement, gameId: string, go: (path: string) => void): Promise<() => void> {
  let game: GameInfo;
  try {
    game = await getJson<GameInfo>(`/api/games/${gameId}`);
  } catch (e) {
    root.replaceChildren(topBar('Baako'), page(errorBox(e instanceof ApiFailure ? e.message : 'Could not load the game')));
    return () => undefined;
  }
  let me = saved.get<number>(meKey(gameId), 0);
  if (!(me >= 1 && me <= game.players.length)) me = game.players.length === 1 ? 1 : 0;

  const status = h('div', { 'aria-live': 'polite' });
  const names = h('div', { class: 'names', role: 'radiogroup', 'aria-label': 'Who are you?' });
  const camera = h('input', { type: 'file', accept: 'image/*', capture: 'environment', class: 'file-input', id: 'photo-camera' });
  const gallery = h('input', { type: 'file', accept: 'image/*', class: 'file-input', id: 'photo-gallery' });
  const shoot = h('label', { for: 'photo-camera', class: 'btn primary big camera' }, h('span', { class: 'cam-icon', 'aria-hidden': 'true' }), 'Photograph my sheet');
  const pick = h('label', { for: 'photo-gallery', class: 'btn secondary' }, 'Choose a photo instead');
  const step2 = h('div', { class: 'step2' });

  const renderNames = () => {
    names.replaceChildren(
      ...game.players.map((name, i) => {
        const b = h('button', { type: 'button', class: `name-btn${me === i + 1 ? ' picked' : ''}`, role: 'radio', 'aria-checked': me === i + 1 ? 'true' : 'false' }, name);
        b.addEventListener('click', () => {
          me = i + 1;
          saved.set(meKey(gameId), me);
          renderNames();
          status.replaceChildren();
          step2.scrollIntoView({ behavior: 'smooth', block: 'nearest' });
        });
        return b;
      }),
    );
    step2.classList.toggle('disabled', me === 0);
    shoot.setAttribute('aria-disabled', me === 0 ? 'true' : 'false');
  };

  // The photos this phone sent to this game, to get back to one left unconfirmed.
  const mineBox = h('div', null);
  const showMine = async () => {
    const ids = saved.get<string[]>(sheetsKey(gameId), []);
    const views = (await Promise.all(ids.map((sid) => getJson<SheetView>(`/api/games/${gameId}/sheets/${sid}`).catch(() => null)))).filter((v): v is SheetView => v !== null);
    if (views.length === 0) return;
    const label: Record<SheetView['status'], string> = { review: 'not confirmed yet: tap to check it', confirmed: 'confirmed', replaced: 'replaced by a later one', removed: 'removed by the host' };
    mineBox.replaceChildren(
      h(
        'section',
        { class: 'card' },
        h('h2', null, 'Sent from this phone'),
        h(
          'ul',
          { class: 'links' },
          views.map((v) =>
            h('li', null, h('a', { href: `/g/${gameId}/s/${v.id}`, 'data-nav': true, class: `row-link ${v.status}` }, h('span', null, `${v.name} · ${v.score.total} points`), h('small', null, label[v.status]))),
          ),
        ),
      ),
    );
  };

  let busy = false;
  const send = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    input.value = '';
    if (!file || busy) return;
    if (me === 0) {
      status.replaceChildren(errorBox('Pick your name first.'));
      return;
    }
    busy = true;
    const bar = h('progress', { max: 1, value: 0 });
    const label = h('p', null, 'Sending the photo…');
    status.replaceChildren(h('div', { class: 'msg working' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('div', null, label, bar)));
    try {
      const blob = await prepare(file);
      const sheet = await uploadPhoto<SheetView>(
        `/api/games/${gameId}/sheets?player=${me}`,
        blob,
        (p) => (bar.value = p),
        () => {
          label.textContent = 'Reading your sheet…';
          bar.removeAttribute('value');
        },
      );
      const mine = saved.get<string[]>(sheetsKey(gameId), []);
      saved.set(sheetsKey(gameId), [sheet.id, ...mine].slice(0, 10));
      go(`/g/${gameId}/s/${sheet.id}`);
    } catch (e) {
      status.replaceChildren(errorBox(e instanceof ApiFailure ? e.message : 'Something went wrong: try again'));
    } finally {
      busy = false;
    }
  };
  camera.addEventListener('change', () => void send(camera));
  gallery.addEventListener('change', () => void send(gallery));
  // Without a name, the camera button asks for one instead of opening.
  shoot.addEventListener('click', (e) => {
    if (me === 0) {
      e.preventDefault();
      status.replaceChildren(errorBox('Pick your name first.'));
    }
  });
  pick.addEventListener('click', (e) => {
    if (me === 0) {
      e.preventDefault();
      status.replaceChildren(errorBox('Pick your name first.'));
    }
  });

  step2.append(
    h('h2', null, h('span', { class: 'step' }, '2'), 'Photograph your sheet'),
    h('ul', { class: 'tips' }, h('li', null, 'The whole sheet, all four corner squares in the picture'), h('li', null, 'Flat on the table, in good light, no shadow of the phone')),
    shoot,
    camera,
    gallery,
    status,
    pick,
  );
  // The table's dice, live: no need to see the physical ones. A solo player (sheet B) rolls here.
  const solo = game.dice.playersRoll;
  const dice = dicePanel(game.dice, 'compact', solo ? { roll: `/api/games/${gameId}/rolls`, undo: `/api/games/${gameId}/rolls` } : undefined);
  const live = liveBadge();
  root.replaceChildren(
    topBar(game.title, `Side ${game.side}`),
    page(
      h('section', { class: 'card dice-card' }, h('h2', { class: 'row-title' }, h('span', null, solo ? 'Your dice' : 'The table’s dice'), live.el), dice.el),
      h('section', { class: 'card' }, h('h2', null, h('span', { class: 'step' }, '1'), 'Who are you?'), names),
      h('section', { class: 'card' }, step2),
      mineBox,
      h('p', { class: 'center' }, h('a', { href: `/g/${gameId}/board`, 'data-nav': true, class: 'link' }, 'Leaderboard →')),
    ),
  );
  renderNames();
  void showMine();
  return followBoard(
    gameId,
    () => undefined,
    live.set,
    undefined,
    (d) => dice.update(d),
  );
}

export async function reviewPage(root: HTMLElement, gameId: string, sheetId: string, go: (path: string) => void): Promise<() => void> {
  let game: GameInfo;
  let sheet: SheetView;
  try {
    [game, sheet] = await Promise.all([getJson<GameInfo>(`/api/games/${gameId}`), getJson<SheetView>(`/api/games/${gameId}/sheets/${sheetId}`)]);
  } catch (e) {
    root.replaceChildren(topBar('Baako'), page(errorBox(e instanceof ApiFailure ? e.message : 'Could not load the sheet')));
    return () => undefined;
  }
  const rules = game.rules;
  let toggled: ReviewItem[] = sheet.status === 'review' ? [] : sheet.toggled;
  const editable = () => sheet.status === 'review';

  const totalEl = h('span', { class: 'big-total' });
  const findsEl = h('span', { class: 'finds' });
  const table = h('div', null);
  const list = h('ol', { class: 'doubts' });
  const bottom = h('div', { class: 'bottom-bar' });
  const countBox = h('div', { 'aria-live': 'polite' });
  const rolls = game.dice.rolls.map((r) => r.dice);
  const message = h('div', { 'aria-live': 'polite' });
  // A close-up of each doubt, the whole card a tap target.
  const byRolls = sheet.uncertain.filter((u) => u.rolls);
  const closeUps: { it: ReviewItem; view: OverlayView; button: HTMLButtonElement; value: HTMLElement; how: HTMLElement }[] = sheet.uncertain.map((it, i) => {
    const view = overlay({ land: sheet.land, url: sheet.land.url, uncertain: [it], numbers: false, view: closeUp(sheet.land, it), label: `Close-up of doubt ${i + 1}` });
    const value = h('span', { class: 'doubt-val' });
    const how = h('small', null);
    const button = h(
      'button',
      { type: 'button', class: 'doubt-btn' },
      h('span', { class: 'doubt-zoom' }, view.el, h('span', { class: 'doubt-no' }, i + 1), it.rolls ? h('span', { class: 'doubt-count' }, 'count') : null),
      h('span', { class: 'doubt-what' }, h('span', { class: 'doubt-line' }, it.kind === 'hole' ? 'Hole' : 'Fence', value), how),
    );
    button.addEventListener('click', () => {
      if (!editable()) return;
      toggled = toggled.some((t) => sameItem(t, it)) ? toggled.filter((t) => !sameItem(t, it)) : [...toggled, it];
      render(true);
    });
    return { it, view, button, value, how };
  });
  const spots = (n: number, more = '') => `${n} ${more}spot${n === 1 ? '' : 's'}`;
  // Those the scanner is likely right about (listed last) are folded away: the rest come first.
  const unsure = closeUps.filter((c) => !c.it.likely);
  const likely = closeUps.filter((c) => c.it.likely);
  list.replaceChildren(...unsure.map((c) => h('li', null, c.button)));
  const likelyList = likely.length
    ? h(
        'details',
        { class: 'likely-doubts', open: !unsure.length },
        h('summary', null, `${spots(likely.length, unsure.length ? 'more ' : '')} the scanner is fairly sure of`),
        h('ol', { class: 'doubts', start: unsure.length + 1 }, ...likely.map((c) => h('li', null, c.button))),
      )
    : null;

  const view = overlay({
    land: sheet.land,
    url: sheet.land.url,
    uncertain: sheet.uncertain,
    label: 'Your sheet as read',
    onToggle: (it) => {
      if (!editable()) return;
      toggled = toggled.some((t) => sameItem(t, it)) ? toggled.filter((t) => !sameItem(t, it)) : [...toggled, it];
      render(true);
    },
  });

  function render(changed = false): void {
    // The same engine as the server: the score follows every tap without asking it.
    const state = editable() ? applyToggles(sheet.scanned, toggled) : sheet.state;
    const score = editable() ? scoreState(rules, state) : sheet.score;
    view.update(state, score, toggled);
    const before = totalEl.textContent;
    totalEl.textContent = String(score.total);
    if (changed && before !== totalEl.textContent) {
      totalEl.classList.remove('flash');
      void totalEl.offsetWidth;
      totalEl.classList.add('flash');
    }
    const n = score.discoveries.length;
    findsEl.textContent = `${n} discover${n === 1 ? 'y' : 'ies'}${score.title ? ` · ${score.title}` : ''}`;
    table.replaceChildren(breakdown(state.cards, score));
    // The rolls' count, checked at every switch by the same engine as the server.
    if (rolls.length && state.side === game.side) {
      const c = checkRolls(rules, state, rolls);
      const question = rollsQuestion(c, editable() ? 'read' : 'sheet');
      countBox.replaceChildren(
        c.agrees
          ? h('p', { class: 'msg ok count' }, `✓ The sheet agrees with the ${rolls.length} rolls: ${describeRollsCheck(c).replace(/^[^:]*: /, '')}.`)
          : h('div', { class: 'msg warn count' }, h('p', null, h('strong', null, question ?? describeRollsCheck(c))), editable() && byRolls.length ? h('p', { class: 'small' }, 'The spots marked “count” below are the likeliest: compare them with your sheet.') : null),
      );
    }
    for (const c of closeUps) {
      const on = itemValue(state, c.it);
      const switched = toggled.some((t) => sameItem(t, c.it));
      c.view.update(state, score, toggled);
      c.value.textContent = on ? 'yes' : 'no';
      c.value.className = `doubt-val ${on ? 'on' : 'off'}`;
      c.how.textContent = switched ? 'switched by you' : 'as read: tap to switch';
      c.button.classList.toggle('switched', switched);
      c.button.setAttribute('aria-pressed', on ? 'true' : 'false');
      c.button.setAttribute('aria-label', `${c.it.kind === 'hole' ? 'Hole' : 'Fence'} ${sheet.uncertain.indexOf(c.it) + 1}: ${on ? 'yes' : 'no'}${switched ? ', switched by you' : ''}`);
      c.button.disabled = !editable();
      if (!editable()) c.how.textContent = switched ? 'switched' : 'as read';
    }
    if (editable()) {
      const btn = h('button', { type: 'button', class: 'btn primary big' }, `Confirm · ${score.total} points`);
      btn.addEventListener('click', async () => {
        btn.disabled = true;
        btn.textContent = 'Confirming…';
        try {
          sheet = await sendJson<SheetView>('POST', `/api/games/${gameId}/sheets/${sheetId}/confirm`, { toggled });
          toggled = sheet.toggled;
          message.replaceChildren();
          renderWarn();
          await renderDone();
        } catch (e) {
          message.replaceChildren(errorBox(e instanceof ApiFailure ? e.message : 'Could not confirm: try again'));
          btn.disabled = false;
          btn.textContent = `Confirm · ${score.total} points`;
        }
      });
      bottom.replaceChildren(btn);
    }
  }

  async function renderDone(): Promise<void> {
    render();
    let rankText = '';
    try {
      const b = await getJson<Board>(`/api/games/${gameId}/board`);
      const e = b.entries.find((x) => x.no === sheet.no);
      if (e) rankText = ` · rank ${e.rank} of ${b.entries.length}${b.waiting.length ? ' so far' : ''}`;
    } catch {
      /* the rank is a bonus */
    }
    const done =
      sheet.status === 'confirmed'
        ? h('div', { class: 'msg ok' }, h('p', null, h('strong', null, '✓ Confirmed'), rankText))
        : h('div', { class: 'msg' }, h('p', null, sheet.notes[sheet.notes.length - 1] ?? 'This sheet is no longer on the leaderboard.'));
    bottom.replaceChildren(
      done,
      h('div', { class: 'actions' }, h('a', { class: 'btn primary', href: `/g/${gameId}/board`, 'data-nav': true }, 'Leaderboard'), h('a', { class: 'btn secondary', href: `/g/${gameId}`, 'data-nav': true }, 'Another photo')),
    );
  }

  const doubts = sheet.uncertain.length;
  const warn = h('div', null);
  const renderWarn = () =>
    warn.replaceChildren(
      !editable()
        ? ''
        : unsure.length
          ? h('p', { class: 'msg warn' }, `The scanner is unsure of ${spots(unsure.length)}: compare each close-up below with your sheet and tap it if it is wrong.${likely.length ? ` It is fairly sure of ${spots(likely.length)} more, listed after them.` : ''}`)
          : doubts
            ? h('p', { class: 'msg warn' }, `The scanner is fairly sure of its reading, with ${spots(doubts)} worth a glance: compare the close-ups below with your sheet and tap one if it is wrong.`)
            : h('p', { class: 'msg ok' }, 'Everything was read clearly. Compare the fences and holes with your sheet, then confirm.'),
    );
  renderWarn();
  root.replaceChildren(
    topBar(`${sheet.name}’s sheet`, game.title),
    page(
      h('section', { class: 'card score-card' }, h('div', { class: 'score-line' }, h('span', { class: 'score-label' }, 'Total'), totalEl), findsEl),
      h(
        'section',
        { class: 'card sheet-card' },
        countBox,
        warn,
        h('div', { class: 'overlay-box' }, view.el),
        unsure.length ? list : null,
        likelyList,
        sheet.notes.filter((n) => sheet.status === 'review' || !/replaced|took this/.test(n)).map((n) => h('p', { class: 'note' }, n)),
      ),
      section('Points', table),
      message,
      h('p', { class: 'center' }, h('a', { href: `/g/${gameId}`, 'data-nav': true, class: 'link' }, 'Wrong photo? Take another')),
    ),
    bottom,
  );
  if (editable()) render();
  else await renderDone();
  void go;
  return () => undefined;
}
