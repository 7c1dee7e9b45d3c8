/**
 * The player's screens: pick your name, photograph your sheet, then check what was read: tap the scanner's
 * doubts to switch them (the score is recomputed here, by the same engine as the server), and confirm.
 */
import { applyToggles, closedHoles, holeSide, itemValue, LIKELY_RIGHT, sameItem, sideNumbers, type ClosedHole, type ReviewItem } from '../engine/review.js';
import { checkRolls, describeRollsCheck, rollsQuestion } from '../engine/rolls.js';
import { scoreState } from '../engine/score.js';
import type { Score, SheetState } from '../engine/types.js';
import { isRead, type Board, type BusyAnswer, type GameInfo, type PendingSheet, type SheetAnswer, type SheetView } from '../server/protocol.js';
import { ApiFailure, getJson, sendJson, uploadPhoto } from './api.js';
import { GIVE_UP_MS, retryDelayMs, uploadKey } from './retry.js';
import { h, saved } from './dom.js';
import { dicePanel } from './dice.js';
import { closeUp, overlay, type OverlayView } from './overlay.js';
import { breakdown, errorBox, followBoard, liveBadge, loadOrExplain, page, pointsText, section, topBar } from './ui.js';

const MAX_UPLOAD = 25_000_000;
const meKey = (gameId: string) => `baako.me.${gameId}`;
const sheetsKey = (gameId: string) => `baako.sheets.${gameId}`;

/**
 * What to send: the photo itself when it is small enough (the server reads JPEG, HEIC, PNG, WebP and AVIF, told
 * by their bytes, whatever the browser calls them); a huge file is decoded here and sent as a JPEG of at most
 * 4000 px, if the browser can open it.
 */
async function prepare(file: File): Promise<Blob> {
  const readable = file.type === '' || /^image\/(jpeg|png|webp|heic|heif|avif)(-sequence)?$/.test(file.type);
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

const photos = (n: number) => `${n} photo${n === 1 ? '' : 's'}`;

/** "Waiting for the scanner: 3rd in line" or "Reading your sheet…", in `box`. */
function showPlace(box: HTMLElement, p: PendingSheet): void {
  const pos = p.position;
  const title = pos === 0 ? 'Reading your sheet…' : 'Waiting for the scanner';
  const detail =
    pos === undefined
      ? 'Your photo is on the server, waiting for its turn.'
      : pos === 0
        ? 'Your photo is on the server.'
        : `Your photo is on the server, number ${pos} in line${p.waitSeconds ? ` (about ${p.waitSeconds} s)` : ''}.`;
  box.replaceChildren(
    h('div', { class: 'msg working waiting', 'data-position': pos ?? '' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('div', null, h('p', null, h('strong', null, title)), h('p', { class: 'muted' }, detail))),
  );
}

export async function joinPage(root: HTMLElement, gameId: string, go: (path: string) => void): Promise<() => void> {
  const game = await loadOrExplain<GameInfo>(root, 'Baako', `/api/games/${gameId}`);
  if (!game) return () => undefined;
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
    const answers = await Promise.all(ids.map((sid) => getJson<SheetAnswer>(`/api/games/${gameId}/sheets/${sid}`).catch(() => null)));
    // (photos the scanner refused were answered at the time: not listed)
    const views = answers.filter((v): v is SheetView | (PendingSheet & { status: 'queued' }) => v !== null && v.status !== 'refused');
    if (views.length === 0) return;
    const label: Record<SheetView['status'] | 'queued', string> = {
      queued: 'waiting for the scanner',
      review: 'not confirmed yet: tap to check it',
      confirmed: 'confirmed',
      replaced: 'replaced by a later one',
      removed: 'removed by the host',
    };
    mineBox.replaceChildren(
      h(
        'section',
        { class: 'card' },
        h('h2', null, 'Sent from this phone'),
        h(
          'ul',
          { class: 'links' },
          views.map((v) =>
            h('li', null, h('a', { href: `/g/${gameId}/s/${v.id}`, 'data-nav': true, class: `row-link ${v.status}` }, h('span', null, 'score' in v ? `${v.name} · ${pointsText(v.score.total)}` : `${v.name} · photo sent`), h('small', null, label[v.status]))),
          ),
        ),
      ),
    );
  };

  // One photo on its way at a time. It is kept (file input and blob) until the server has it, so a busy server
  // or a lost connection never means taking the photo again.
  let busy = false;
  let cancel: (() => void) | undefined;
  const working = (text: string, progress?: number | null) => {
    const bar = progress === undefined ? null : progress === null ? h('progress', { max: 1 }) : h('progress', { max: 1, value: progress });
    status.replaceChildren(h('div', { class: 'msg working' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), h('div', null, h('p', null, text), bar)));
    return bar;
  };
  const waitingBox = (title: string, detail: string, onCancel?: () => void) =>
    status.replaceChildren(
      h(
        'div',
        { class: 'msg working waiting' },
        h('span', { class: 'spinner', 'aria-hidden': 'true' }),
        h('div', null, h('p', null, h('strong', null, title)), h('p', { class: 'muted' }, detail)),
        onCancel ? h('button', { type: 'button', class: 'btn secondary small', onclick: onCancel }, 'Cancel') : null,
      ),
    );
  /** Waits `ms`, or less if cancelled (then false). */
  const pause = (ms: number) =>
    new Promise<boolean>((resolve) => {
      const t = window.setTimeout(() => resolve(true), ms);
      cancel = () => {
        clearTimeout(t);
        resolve(false);
      };
    });

  const send = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file || busy) return;
    if (me === 0) {
      status.replaceChildren(errorBox('Pick your name first.'));
      return;
    }
    busy = true;
    try {
      let blob: Blob;
      try {
        blob = await prepare(file);
      } catch (e) {
        input.value = '';
        status.replaceChildren(errorBox(e instanceof ApiFailure ? e.message : 'Could not read the photo: take it again'));
        return;
      }
      const accepted = await sendPhoto(blob, uploadKey());
      if (!accepted) return;
      input.value = '';
      const mine = saved.get<string[]>(sheetsKey(gameId), []);
      saved.set(sheetsKey(gameId), [accepted.id, ...mine.filter((x) => x !== accepted.id)].slice(0, 10));
      const read = await waitForScanner(accepted);
      if (read) go(`/g/${gameId}/s/${read.id}`);
    } finally {
      busy = false;
      cancel = undefined;
    }
  };

  /** Sends the photo until the server has it: after a 503 or a lost connection, again, later each time. */
  const sendPhoto = async (blob: Blob, key: string): Promise<SheetAnswer | undefined> => {
    const start = Date.now();
    for (let attempt = 0; ; attempt++) {
      const bar = working('Sending the photo…', 0)!;
      try {
        return await uploadPhoto<SheetAnswer>(
          `/api/games/${gameId}/sheets?player=${me}`,
          blob,
          key,
          (p) => (bar.value = p),
          () => {
            working('Sending the photo…', null);
          },
        );
      } catch (e) {
        const f = e instanceof ApiFailure ? e : new ApiFailure('Something went wrong: try again', 0);
        const again = (f.status === 503 || f.status === 0 || f.status >= 500) && Date.now() - start < GIVE_UP_MS;
        if (!again) {
          status.replaceChildren(errorBox(f.message, f.status === 0 || f.status >= 500 ? { label: 'Send it again', run: () => void resend(blob, key) } : undefined));
          return undefined;
        }
        const ms = retryDelayMs(attempt, f.retryAfter);
        const ahead = (f.body as Partial<BusyAnswer> | undefined)?.ahead;
        const until = Date.now() + ms;
        const show = () => {
          const left = `Your photo is kept and will be sent again in ${Math.max(1, Math.ceil((until - Date.now()) / 1000))} s.`;
          if (f.status === 503) waitingBox('Waiting for the scanner', `${ahead ? `${photos(ahead)} ahead of yours. ` : ''}${left}`, () => cancel?.());
          else waitingBox('Connection lost', left, () => cancel?.());
        };
        show();
        const ticker = window.setInterval(show, 1000);
        const sent = await pause(ms);
        clearInterval(ticker);
        if (!sent) {
          status.replaceChildren(errorBox('Not sent. Your photo is kept:', { label: 'Send it now', run: () => void resend(blob, key) }));
          return undefined;
        }
      }
    }
  };
  const resend = async (blob: Blob, key: string) => {
    if (busy) return;
    busy = true;
    try {
      const accepted = await sendPhoto(blob, key);
      if (!accepted) return;
      camera.value = '';
      gallery.value = '';
      const read = await waitForScanner(accepted);
      if (read) go(`/g/${gameId}/s/${read.id}`);
    } finally {
      busy = false;
      cancel = undefined;
    }
  };

  /** Shows the photo's place in the scanner's line until it is read; the sheet, or undefined when refused. */
  const waitForScanner = async (first: SheetAnswer): Promise<SheetView | undefined> => {
    let answer = first;
    for (;;) {
      if (answer.status === 'refused') {
        status.replaceChildren(errorBox(answer.error ?? 'The scanner could not read this photo: take it again'));
        return undefined;
      }
      if (isRead(answer)) return answer;
      showPlace(status, answer);
      await new Promise((r) => window.setTimeout(r, 1000));
      try {
        answer = await getJson<SheetAnswer>(`/api/games/${gameId}/sheets/${answer.id}`);
      } catch {
        /* the photo is on the server: keep asking */
      }
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
    h('ul', { class: 'tips' }, h('li', null, 'Your sheet filling the picture, all four corner squares in it'), h('li', null, 'Flat on the table, in good light, no shadow of the phone')),
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

/** A sheet's page while its photo waits for the scanner: its place in line, then the sheet (or why not). */
function pendingPage(root: HTMLElement, game: GameInfo, first: PendingSheet, read: () => Promise<() => void>): () => void {
  let stopped = false;
  let inner: () => void = () => undefined;
  const box = h('div', { 'aria-live': 'polite' });
  const back = h('p', { class: 'center' }, h('a', { href: `/g/${game.id}`, 'data-nav': true, class: 'link' }, 'Take another photo'));
  root.replaceChildren(topBar(`${first.name}’s sheet`, game.title), page(h('section', { class: 'card' }, box), back));
  void (async () => {
    let answer: SheetAnswer = first;
    while (!stopped) {
      if (answer.status === 'refused') return box.replaceChildren(errorBox(answer.error ?? 'The scanner could not read this photo: take it again'));
      if (isRead(answer)) {
        inner = await read();
        if (stopped) inner();
        return;
      }
      showPlace(box, answer);
      await new Promise((r) => window.setTimeout(r, 1000));
      try {
        answer = await getJson<SheetAnswer>(`/api/games/${game.id}/sheets/${first.id}`);
      } catch {
        /* keep asking */
      }
    }
  })();
  return () => {
    stopped = true;
    inner();
  };
}

export async function reviewPage(root: HTMLElement, gameId: string, sheetId: string, go: (path: string) => void): Promise<() => void> {
  let game: GameInfo;
  let answer: SheetAnswer;
  try {
    [game, answer] = await Promise.all([getJson<GameInfo>(`/api/games/${gameId}`), getJson<SheetAnswer>(`/api/games/${gameId}/sheets/${sheetId}`)]);
  } catch (e) {
    root.replaceChildren(topBar('Baako'), page(errorBox(e instanceof ApiFailure ? e.message : 'Could not load the sheet')));
    return () => undefined;
  }
  if (!isRead(answer)) return pendingPage(root, game, answer, () => reviewPage(root, gameId, sheetId, go));
  let sheet: SheetView = answer;
  const rules = game.rules;
  let toggled: ReviewItem[] = sheet.status === 'review' ? [] : sheet.toggled;
  const editable = () => sheet.status === 'review';

  const totalEl = h('span', { class: 'big-total' });
  const rangeEl = h('span', { class: 'total-range' });
  /** The lowest and highest total the spots not yet answered allow (every combination; each alone past ten). */
  const totalRange = (state: SheetState, open: ReviewItem[]): [number, number] => {
    const base = scoreState(rules, state).total;
    let lo = base;
    let hi = base;
    const combos = open.length <= 10 ? Array.from({ length: (1 << open.length) - 1 }, (_, m) => open.filter((_, k) => (m + 1) & (1 << k))) : open.map((it) => [it]);
    for (const flip of combos) {
      const t = scoreState(rules, applyToggles(state, flip)).total;
      lo = Math.min(lo, t);
      hi = Math.max(hi, t);
    }
    return [lo, hi];
  };
  const findsEl = h('span', { class: 'finds' });
  const table = h('div', null);
  const list = h('ol', { class: 'doubts' });
  const bottom = h('div', { class: 'bottom-bar' });
  const countBox = h('div', { 'aria-live': 'polite' });
  const rolls = game.dice.rolls.map((r) => r.dice);
  const message = h('div', { 'aria-live': 'polite' });
  // A close-up of each doubt, the whole card a tap target.
  const byRolls = sheet.uncertain.filter((u) => u.rolls);
  // Sheet B: the sides of a printed hole read closed all round are one look on the paper, so one question (as
  // `baako scan --check` asks them); its sides stay a tap away for a hole that is not closed.
  const groups = closedHoles(sheet.scanned, rules.sheets[sheet.scanned.side].map.holes, sheet.uncertain.filter((u) => !u.likely));
  const sideOf = new Map(groups.flatMap((g) => g.sides.map((it) => [it, holeSide(it, g)] as const)));
  const label = (it: ReviewItem) => (it.kind === 'hole' ? 'Hole' : sideOf.has(it) ? `${sideOf.get(it)![0].toUpperCase()}${sideOf.get(it)!.slice(1)} side` : 'Fence');
  const closeUps: { it: ReviewItem; view: OverlayView; button: HTMLButtonElement; value: HTMLElement; how: HTMLElement }[] = sheet.uncertain.map((it, i) => {
    const view = overlay({ land: sheet.land, url: sheet.land.url, uncertain: [it], numbers: false, view: closeUp(sheet.land, it), label: `Close-up of doubt ${i + 1}` });
    const value = h('span', { class: 'doubt-val' });
    const how = h('small', null);
    const button = h(
      'button',
      { type: 'button', class: 'doubt-btn' },
      h('span', { class: 'doubt-zoom' }, view.el, h('span', { class: 'doubt-no' }, i + 1), it.rolls ? h('span', { class: 'doubt-count' }, 'count') : null),
      h('span', { class: 'doubt-what' }, h('span', { class: 'doubt-line' }, label(it), value), how),
    );
    button.addEventListener('click', () => {
      if (!editable()) return;
      toggled = toggled.some((t) => sameItem(t, it)) ? toggled.filter((t) => !sameItem(t, it)) : [...toggled, it];
      render(true);
    });
    return { it, view, button, value, how };
  });
  const spots = (n: number, more = '') => `${n} ${more}spot${n === 1 ? '' : 's'}`;
  // The spots the scanner asks about come first; those it is likely right about, or that move no score, are folded away.
  const unsure = closeUps.filter((c) => !c.it.likely);
  const likely = closeUps.filter((c) => c.it.likely);
  // An asked spot is answered when the player switches it or says it is right as read; until then the total is a range.
  const answered: ReviewItem[] = [];
  const isAnswered = (it: ReviewItem) => answered.some((a) => sameItem(a, it)) || toggled.some((t) => sameItem(t, it));
  // A spot asked only because the rolls' count disagreed (the scanner itself is fairly sure of it) is settled
  // once the count agrees.
  let countAgrees = false;
  const settledByCount = (it: ReviewItem) => countAgrees && it.rolls === true && (it.chance ?? 1) < LIKELY_RIGHT && !isAnswered(it);
  const rightButtons = new Map<ReviewItem, HTMLButtonElement>();
  const spotItem = (c: (typeof closeUps)[number]) => {
    const right = h('button', { type: 'button', class: 'btn secondary small right-as-read' }, '✓ Right as read');
    right.addEventListener('click', () => {
      if (!editable() || isAnswered(c.it)) return;
      answered.push(c.it);
      render();
    });
    rightButtons.set(c.it, right);
    return h('li', null, c.button, right);
  };
  const holeGroups = groups.map((g) => holeQuestion(g));
  const groupOf = new Map(holeGroups.flatMap((q) => q.group.sides.map((it) => [it, q] as const)));
  list.replaceChildren(
    ...unsure.flatMap((c) => {
      const q = groupOf.get(c.it);
      if (!q) return [spotItem(c)];
      return q.group.sides[0] === c.it ? [q.el] : [];
    }),
  );

  /** One printed hole's question: its close-up, "Yes, closed" (every side right as read), and its sides folded below. */
  function holeQuestion(group: ClosedHole<ReviewItem>) {
    const hole = { kind: 'hole' as const, row: group.row, col: group.col };
    const view = overlay({ land: sheet.land, url: sheet.land.url, uncertain: group.sides, numbers: false, view: closeUp(sheet.land, hole, 2.2), label: `Close-up of the printed hole in row ${group.row + 1}, column ${group.col + 1}` });
    const nos = sideNumbers(group, sheet.uncertain);
    const value = h('span', { class: 'doubt-val' });
    const yes = h('button', { type: 'button', class: 'btn secondary small right-as-read' }, '✓ Yes, closed');
    yes.addEventListener('click', () => {
      if (!editable()) return;
      for (const it of group.sides) if (!isAnswered(it)) answered.push(it);
      render();
    });
    const sides = h('details', { class: 'hole-sides' }, h('summary', null, `Not closed? Check its ${group.sides.length} sides one by one`), h('ol', { class: 'doubts' }, ...group.sides.map((it) => spotItem(closeUps.find((c) => c.it === it)!))));
    const el = h(
      'li',
      { class: 'hole-question' },
      h(
        'div',
        { class: 'hole-card' },
        h('span', { class: 'doubt-zoom' }, view.el, h('span', { class: 'doubt-no' }, nos)),
        h(
          'span',
          { class: 'doubt-what' },
          h('span', { class: 'doubt-line' }, 'Closed all round?', value),
          h('small', null, `The printed hole in row ${group.row + 1}, column ${group.col + 1}: ${group.sides.length === 4 ? 'its four sides' : `${group.sides.length} of its sides`} read as fences, not surely. One look settles them.`),
          yes,
        ),
      ),
      sides,
    );
    const update = (state: SheetState, score: Score) => {
      view.update(state, score, toggled);
      const closed = group.sides.every((it) => itemValue(state, it));
      value.textContent = closed ? 'closed' : 'open';
      value.className = `doubt-val ${closed ? 'on' : 'off'}`;
      const switched = group.sides.some((it) => toggled.some((t) => sameItem(t, it)));
      const done = group.sides.every(isAnswered);
      yes.hidden = !editable() || switched;
      yes.disabled = done;
      yes.textContent = done ? '✓ Checked' : '✓ Yes, closed';
      if (switched) sides.open = true;
    };
    return { group, el, update };
  }
  const likelyList = likely.length
    ? h(
        'details',
        { class: 'likely-doubts', open: !unsure.length },
        h('summary', null, `${spots(likely.length, unsure.length ? 'more ' : '')} the scanner is fairly sure of, or that change no points`),
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
    countAgrees = rolls.length > 0 && state.side === game.side && checkRolls(rules, state, rolls).agrees;
    const open = editable() ? unsure.filter((c) => !isAnswered(c.it) && !settledByCount(c.it)).map((c) => c.it) : [];
    const [lo, hi] = totalRange(state, open);
    rangeEl.textContent = open.length ? (lo === hi ? `until you check ${spots(open.length)}` : `${lo} to ${hi} until you check ${spots(open.length)}`) : '';
    for (const [it, b] of rightButtons) {
      b.hidden = !editable();
      b.disabled = isAnswered(it) || settledByCount(it);
      b.textContent = toggled.some((t) => sameItem(t, it)) ? 'Switched' : answered.some((a) => sameItem(a, it)) ? '✓ Checked' : settledByCount(it) ? '✓ Count agrees' : '✓ Right as read';
    }
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
          : h('div', { class: 'msg warn count' }, h('p', null, h('strong', null, question ?? describeRollsCheck(c)))),
      );
    }
    for (const q of holeGroups) q.update(state, score);
    for (const c of closeUps) {
      const on = itemValue(state, c.it);
      const switched = toggled.some((t) => sameItem(t, c.it));
      c.view.update(state, score, toggled);
      c.value.textContent = on ? 'yes' : 'no';
      c.value.className = `doubt-val ${on ? 'on' : 'off'}`;
      c.how.textContent = switched ? 'switched by you' : 'as read: tap to switch';
      c.button.classList.toggle('switched', switched);
      c.button.setAttribute('aria-pressed', on ? 'true' : 'false');
      c.button.setAttribute('aria-label', `${label(c.it)} ${sheet.uncertain.indexOf(c.it) + 1}: ${on ? 'yes' : 'no'}${switched ? ', switched by you' : ''}`);
      c.button.disabled = !editable();
      if (!editable()) c.how.textContent = switched ? 'switched' : 'as read';
    }
    if (editable()) {
      const btn = h('button', { type: 'button', class: 'btn primary big' }, `Confirm · ${pointsText(score.total)}`);
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
          btn.textContent = `Confirm · ${pointsText(score.total)}`;
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
  /** How many of the spots one look at a printed hole settles. */
  const holeNote = () => {
    const n = holeGroups.reduce((k, q) => k + q.group.sides.length, 0);
    if (!n) return '';
    return holeGroups.length === 1 ? ` (${n} of them are sides of one printed hole: one look settles them)` : ` (${n} of them are sides of ${holeGroups.length} printed holes: one look at each settles them)`;
  };
  const warn = h('div', null);
  const renderWarn = () =>
    warn.replaceChildren(
      !editable()
        ? ''
        : unsure.length
          ? h('p', { class: 'msg warn' }, `Check ${spots(unsure.length)}${holeNote()}${byRolls.length ? ' (those marked “count” first: the rolls point at them)' : ''}: compare each close-up below with your sheet, tap it if it is wrong, or “Right as read” if it matches.${likely.length ? ` ${spots(likely.length, 'more ')} the scanner is fairly sure of, or that change no points, are folded after them.` : ''}`)
          : doubts
            ? h('p', { class: 'msg ok' }, `Nothing to check: the scanner is sure of every spot that changes your score. ${spots(doubts)} it is fairly sure of are folded below, if you want a look.`)
            : h('p', { class: 'msg ok' }, 'Everything was read clearly. Compare the fences and holes with your sheet, then confirm.'),
    );
  renderWarn();
  root.replaceChildren(
    topBar(`${sheet.name}’s sheet`, game.title),
    page(
      h('section', { class: 'card score-card' }, h('div', { class: 'score-line' }, h('span', { class: 'score-label' }, 'Total'), totalEl), rangeEl, findsEl),
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
