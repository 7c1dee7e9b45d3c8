/**
 * The table's dice on a page: the two dice large with the turn, what the roll means (a hole to pass, a double 1
 * rolled again, a pause, the last turn), the turn track with its pauses, and where allowed Roll and Undo. One
 * component for the host page, the big screen and the phones, in three sizes.
 */
import type { DiceState, DiceTurn } from '../server/protocol.js';
import { ApiFailure, getJson, sendJson } from './api.js';
import { h, svg } from './dom.js';
import { errorBox } from './ui.js';

/** Pips of a face on a 3 x 3 grid (0..8, row by row). */
const PIPS: Record<number, number[]> = { 1: [4], 2: [2, 6], 3: [2, 4, 6], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

export function dieFace(n: number, cls = ''): SVGSVGElement {
  return svg(
    'svg',
    { class: `die ${cls} face${n}`, viewBox: '0 0 100 100', role: 'img', 'aria-label': String(n) },
    svg('rect', { x: 4, y: 4, width: 92, height: 92, rx: 18, class: 'die-body' }),
    (PIPS[n] ?? []).map((k) => svg('circle', { cx: 24 + (k % 3) * 26, cy: 24 + Math.floor(k / 3) * 26, r: 9.5, class: 'pip' })),
  );
}

export type DiceSize = 'screen' | 'medium' | 'compact';

export interface DiceControls {
  /** POST path to roll, DELETE path prefix to undo (`${undo}/${turn}`); none: the dice are only shown. */
  roll: string;
  undo: string;
}

export interface DicePanel {
  el: HTMLElement;
  update(state: DiceState): void;
  /** Rolls the next turn (the big screen's keyboard). */
  roll(): void;
  undo(): void;
}

const saysClass = (s: string) => (/^a \d:/.test(s) ? 'hole' : /^pause/.test(s) ? 'pause' : /^last turn/.test(s) ? 'last' : /rolled again/.test(s) ? 'again' : '');

/** A line of the engine's as a sentence; the pause comes once this turn's fences are drawn. */
const sentence = (s: string) => {
  const t = s.replace(/^pause:/, 'then pause:');
  return t.charAt(0).toUpperCase() + t.slice(1);
};

export function dicePanel(first: DiceState, size: DiceSize, controls?: DiceControls): DicePanel {
  let state = first;
  let busy = false;
  let shownSeq = -1;
  const heading = h('p', { class: 'dice-turn', 'aria-live': 'polite' });
  const faces = h('div', { class: 'dice-faces' });
  const says = h('ul', { class: 'dice-says' });
  const track = h('ol', { class: 'track', 'aria-label': 'Turn track' });
  const message = h('div', { 'aria-live': 'polite' });
  const rollBtn = h('button', { type: 'button', class: `btn primary ${size === 'compact' ? '' : 'big'} roll` }, 'Roll');
  const undoBtn = h('button', { type: 'button', class: 'btn secondary small undo' }, 'Undo');
  const history = h('details', { class: 'dice-history' });
  const el = h(
    'div',
    { class: `dice-panel ${size}` },
    h('div', { class: 'dice-main' }, heading, faces),
    says,
    track,
    controls ? h('div', { class: 'dice-actions' }, rollBtn, undoBtn) : null,
    message,
    size === 'compact' ? null : history,
  );

  const act = async (what: 'roll' | 'undo') => {
    if (!controls || busy) return;
    const last = state.rolls[state.rolls.length - 1];
    if (what === 'roll' && state.next === null) return;
    if (what === 'undo' && !last) return;
    busy = true;
    rollBtn.disabled = undoBtn.disabled = true;
    try {
      const next =
        what === 'roll'
          ? await sendJson<DiceState>('POST', controls.roll, { turn: state.next })
          : await sendJson<DiceState>('DELETE', `${controls.undo}/${last!.turn}`, {});
      message.replaceChildren();
      busy = false;
      update(next);
    } catch (e) {
      busy = false;
      message.replaceChildren(errorBox(e instanceof ApiFailure ? e.message : 'Could not reach the server: try again'));
      // Another page may have rolled meanwhile: show the dice as they are.
      getJson<DiceState>(`/api/games/${state.gameId}/dice`).then(update, () => render());
    }
  };
  rollBtn.addEventListener('click', () => void act('roll'));
  undoBtn.addEventListener('click', () => void act('undo'));

  function render(): void {
    const current: DiceTurn | undefined = state.rolls[state.rolls.length - 1];
    heading.replaceChildren(
      current ? h('span', null, 'Turn ', h('strong', null, current.turn), ` of ${state.turns}`) : h('span', null, 'No roll yet'),
    );
    // A new roll tumbles in; the same one redrawn (a refresh) does not.
    const seq = state.history.length ? state.history[state.history.length - 1].seq : 0;
    const fresh = seq !== shownSeq && shownSeq !== -1;
    shownSeq = seq;
    faces.replaceChildren(...(current ? current.dice.map((d) => dieFace(d, fresh ? 'tumble' : '')) : [dieFace(0, 'blank'), dieFace(0, 'blank')]));
    faces.setAttribute('aria-label', current ? `Dice: ${current.dice.join(' and ')}` : 'No roll yet');
    says.replaceChildren(
      ...(current
        ? current.says.map((s) => h('li', { class: saysClass(s) }, sentence(s)))
        : [h('li', { class: 'wait' }, controls ? `Roll for turn 1 when everyone is ready.` : 'Waiting for the first roll.')]),
    );
    if (current && !current.says.length) says.append(h('li', { class: 'plain' }, `Fences of ${current.dice[0]} and ${current.dice[1]}`));
    track.replaceChildren(
      ...Array.from({ length: state.turns }, (_, i) => {
        const t = i + 1;
        const done = t <= state.rolls.length;
        const cls = `${done ? 'done' : ''}${current?.turn === t ? ' now' : ''}${state.pausesAfter.includes(t) ? ' pause' : ''}`;
        return h('li', { class: cls, 'aria-label': `turn ${t}${done ? ', rolled' : ''}${state.pausesAfter.includes(t) ? ', then a pause' : ''}` }, t);
      }),
    );
    rollBtn.textContent = state.next === null ? `All ${state.turns} turns rolled` : `Roll turn ${state.next}`;
    rollBtn.disabled = busy || state.next === null;
    undoBtn.textContent = current ? `Undo turn ${current.turn}` : 'Undo';
    undoBtn.disabled = busy || !current;
    const past = [...state.history].reverse();
    history.replaceChildren(
      h('summary', null, `History (${state.history.length} roll${state.history.length === 1 ? '' : 's'})`),
      past.length
        ? h(
            'ol',
            { class: 'history-list' },
            past.map((r) =>
              h(
                'li',
                { class: r.status },
                h('span', null, `Turn ${r.turn}`),
                h('span', { class: 'hist-dice' }, `${r.dice[0]} + ${r.dice[1]}`),
                h('small', null, r.status === 'kept' ? '' : r.status === 'rerolled' ? 'double 1: rolled again' : 'undone'),
              ),
            ),
          )
        : h('p', { class: 'empty' }, 'Nothing rolled yet.'),
    );
  }

  function update(next: DiceState): void {
    // Events can cross an answer: never go back to an older history.
    if (next.gameId === state.gameId && next.version < state.version) return;
    state = next;
    render();
  }

  render();
  return { el, update, roll: () => void act('roll'), undo: () => void act('undo') };
}
