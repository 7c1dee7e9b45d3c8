/** The host sheet of a game night: the five cards in play, large, and how a turn and the score work. */
import { loadGame } from '../data/load.js';
import { findCard } from '../engine/cards.js';
import type { GameSetup, Paper } from '../engine/setup.js';
import type { GameData } from '../engine/types.js';
import { drawCardFace } from './card-face.js';
import { INK } from './icons.js';
import { CARD_H, CARD_W } from './imposition.js';
import { finish, newDoc, type Doc } from './pdf.js';
import { mm, PAPER_SIZES } from '../geometry/sheet-layout.js';
import { fitSize, line, wrap } from './text.js';

export interface HostOptions {
  setup: GameSetup;
  paper: Paper;
  game?: GameData;
}

const GREY = '#5a5a5a';

export async function renderHostPdf(opts: HostOptions): Promise<Buffer> {
  const game = opts.game ?? loadGame();
  const page = PAPER_SIZES[opts.paper];
  const doc = newDoc({ title: `Baako game ${opts.setup.id}: host sheet`, size: [page.width, page.height] });
  doc.addPage({ size: [page.width, page.height], margin: 0 });
  drawHost(doc, game, opts.setup, page);
  return finish(doc);
}

function drawHost(doc: Doc, game: GameData, setup: GameSetup, page: { width: number; height: number }): void {
  const sheet = game.sheets[setup.side];
  const m = mm(12);
  const W = page.width - 2 * m;
  let y = mm(10);
  const ts = fitSize(doc, `${sheet.title}: game night`, W, { font: 'title', size: 24 }, 14);
  line(doc, `${sheet.title}: game night`, m, y, { font: 'title', size: ts });
  y += mm(10.5);
  const who = setup.side === 'B' ? 'solo (sheet B)' : `${setup.players} player${setup.players === 1 ? '' : 's'} (sheet A)`;
  line(doc, `Game ${setup.id} · seed ${setup.seed} · ${who}`, m, y, { font: 'semibold', size: 10, color: GREY });
  y += mm(6);
  doc.save().lineWidth(0.8).moveTo(m, y).lineTo(m + W, y).stroke(INK).restore();
  y += mm(3.5);
  line(doc, 'THE FIVE CARDS IN PLAY', m, y, { font: 'bold', size: 8, spacing: 0.8 });
  y += mm(5);

  // Cards: 3 then 2, as large as fits (up to poker size).
  const gap = mm(4);
  const textH = mm(74);
  const scale = Math.min(1, (W - 2 * gap) / 3 / CARD_W, (page.height - y - textH - mm(10) - gap) / 2 / CARD_H);
  const cw = CARD_W * scale;
  const ch = CARD_H * scale;
  const rowW = 3 * cw + 2 * gap;
  const x0 = m + (W - rowW) / 2;
  setup.cards.forEach((name, i) => {
    const card = findCard(game, name);
    const row = i < 3 ? 0 : 1;
    const col = i < 3 ? i : i - 3;
    const cx = x0 + col * (cw + gap);
    const cy = y + row * (ch + gap);
    drawCardFace(doc, game, card, cx, cy, { scale });
    doc.save().lineWidth(0.4).dash(2, { space: 2 }).rect(cx, cy, cw, ch).stroke('#9a9a9a').undash().restore();
  });
  // The free slot beside the second row: how a turn goes.
  const tx = x0 + 2 * (cw + gap) + mm(2);
  const ty = y + ch + gap + mm(1);
  box(doc, 'A turn', tx, ty, cw - mm(2), ch - mm(2), turnText(game, setup));
  y += 2 * ch + gap + mm(5);

  // How scoring works.
  line(doc, 'HOW SCORING WORKS', m, y, { font: 'bold', size: 8, spacing: 0.8 });
  y += mm(5);
  const pen = sheet.penalties;
  const points = [
    'A region is a set of cells closed off by fences (and the borderline). A region with no hole whose cells form a card\u2019s shape, in any rotation or mirror image, is a discovery of that card; every such region counts.',
    'Fossils always score their first number and add the bonus when their condition holds. Treasures and ruins score only when their condition holds.',
    `Penalties: \u2212${pen.eggInDiscovery} for every egg inside a discovery` +
      (pen.enclosedHole ? `; \u2212${pen.enclosedHole} for every pre-drawn hole closed on all four sides.` : '.'),
    'Write each card\u2019s points in its box of the score bar, then the penalties; the total is the five boxes minus the penalties. Ties: the most discoveries wins, then the win is shared.',
    'To score a finished sheet from a phone photo: baako scan PHOTO.jpg (the QR code on each sheet says which game and player it is).',
  ];
  for (const p of points) {
    const lines = wrap(doc, p, W - mm(5), { size: 9 });
    doc.circle(m + mm(1.2), y + mm(2), mm(0.8)).fill(INK);
    lines.forEach((l, k) => line(doc, l, m + mm(4), y + k * 11.6, { size: 9 }));
    y += lines.length * 11.6 + mm(1.6);
  }
}

function turnText(game: GameData, setup: GameSetup): string[] {
  const sheet = game.sheets[setup.side];
  const pauses = sheet.timeline.pausesAfter.join(', ');
  const out = [
    `${sheet.timeline.turns} turns. Each turn: fill a circle of the timeline, roll two dice; everyone draws both results.`,
    'A 2-6 is a fence of that many edges along the dotted lines, from the center point or an earlier fence.',
  ];
  if (sheet.mode === 'solo') out.push('A 1 is a fence of one edge.');
  else out.push('A 1: pass your sheet left; your neighbour marks a hole (an X) touching the center or a fence. Double 1: roll again.');
  out.push(`After turns ${pauses}: draw one special fence and cross it out.`);
  return out;
}

function box(doc: Doc, title: string, x: number, y: number, w: number, h: number, paras: string[]): void {
  doc.save().lineWidth(0.8).roundedRect(x, y, w, h, mm(2.5)).stroke(INK).restore();
  line(doc, title.toUpperCase(), x + mm(3), y + mm(2.5), { font: 'bold', size: 8, spacing: 0.8 });
  let size = 8.5;
  const fits = (s: number) => paras.reduce((t, p) => t + wrap(doc, p, w - mm(6), { size: s }).length * s * 1.3 + mm(1.5), 0) <= h - mm(9);
  while (size > 6.5 && !fits(size)) size -= 0.25;
  let ty = y + mm(7.5);
  for (const p of paras) {
    const lines = wrap(doc, p, w - mm(6), { size });
    lines.forEach((l, k) => line(doc, l, x + mm(3), ty + k * size * 1.3, { size }));
    ty += lines.length * size * 1.3 + mm(1.5);
  }
}
