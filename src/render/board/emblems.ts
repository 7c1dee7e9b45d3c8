/**
 * The picture area of a location panel: a small landscape (sky, ground) and a simple vector emblem of the place.
 * Outlines in dark ink and flat, light fills, so the emblems survive black-and-white print.
 */
import type { Location } from '../../data/board.js';
import type { Doc } from '../pdf.js';
import type { Box } from './layout.js';
import { INK, mm } from './style.js';

const SKY = '#e6f0f1';
const GROUND = '#e4d3ae';
const EARTH = '#c9ad7c';
const WATER = '#a9cfdc';
const STEEL = '#b8c0c4';
const WOOD = '#b88a55';
const ROOF = '#a5493a';
const WALL = '#f3e8d2';
const REED = '#6f8f3a';

type Emblem = (doc: Doc, cx: number, ground: number, u: number) => void;

function outline(doc: Doc, w = 0.8): Doc {
  return doc.lineWidth(w).lineJoin('round').lineCap('round').strokeColor(INK);
}

/** A surveyed lot: a roped plot on four stakes, a flag and a spade. */
const lots: Emblem = (doc, cx, g, u) => {
  const w = u * 1.5;
  const back = g - u * 0.28;
  const front = g + u * 0.22;
  doc.polygon([cx - w * 0.36, back], [cx + w * 0.36, back], [cx + w * 0.5, front], [cx - w * 0.5, front]).fill('#d8c396');
  outline(doc, 0.7).dash(2, { space: 1.5 });
  doc.polygon([cx - w * 0.36, back], [cx + w * 0.36, back], [cx + w * 0.5, front], [cx - w * 0.5, front]).stroke();
  doc.undash();
  for (const [x, y] of [
    [cx - w * 0.36, back],
    [cx + w * 0.36, back],
    [cx + w * 0.5, front],
    [cx - w * 0.5, front],
  ]) {
    outline(doc, 1.6).moveTo(x, y).lineTo(x, y - u * 0.16).stroke(WOOD);
  }
  // flag
  const fx = cx + w * 0.36;
  const fy = back - u * 0.16;
  outline(doc, 0.9).moveTo(fx, back).lineTo(fx, fy - u * 0.42).stroke();
  doc.polygon([fx, fy - u * 0.42], [fx + u * 0.3, fy - u * 0.33], [fx, fy - u * 0.24]).fillAndStroke('#d2352b', INK);
  // spade stuck in the ground
  const sx = cx - w * 0.08;
  outline(doc, 1.2).moveTo(sx, g - u * 0.05).lineTo(sx - u * 0.08, g - u * 0.55).stroke(WOOD);
  outline(doc, 0.8).moveTo(sx - u * 0.14, g - u * 0.55).lineTo(sx - u * 0.02, g - u * 0.57).stroke();
  doc.polygon([sx - u * 0.07, g - u * 0.08], [sx + u * 0.09, g - u * 0.06], [sx + u * 0.06, g + u * 0.12], [sx - u * 0.02, g + u * 0.16], [sx - u * 0.09, g + u * 0.1]).fillAndStroke(STEEL, INK);
  // mound of dug earth
  doc.moveTo(cx + w * 0.04, g + u * 0.04).quadraticCurveTo(cx + w * 0.16, g - u * 0.2, cx + w * 0.28, g + u * 0.04).closePath().fillAndStroke(EARTH, INK);
};

/** A swamp: a pool with ripples, cattails and grass. */
const swamp: Emblem = (doc, cx, g, u) => {
  const w = u * 1.6;
  doc.ellipse(cx, g + u * 0.05, w * 0.5, u * 0.2).fillAndStroke(WATER, INK);
  outline(doc, 0.6).strokeColor('#ffffff');
  for (const [dx, dy, l] of [
    [-0.2, 0.0, 0.18],
    [0.12, 0.08, 0.22],
    [0.02, -0.07, 0.14],
  ]) {
    doc.moveTo(cx + dx * w, g + u * (0.05 + dy)).bezierCurveTo(cx + (dx + l / 3) * w, g + u * (dy - 0.02), cx + (dx + (2 * l) / 3) * w, g + u * (dy + 0.12), cx + (dx + l) * w, g + u * (0.05 + dy)).stroke();
  }
  const cattail = (x: number, h: number, lean: number) => {
    outline(doc, 0.9).moveTo(x, g).quadraticCurveTo(x + lean * 0.3, g - h * 0.5, x + lean, g - h).stroke(REED);
    doc.save().translate(x + lean * 0.9, g - h * 0.86).rotate((lean / h) * 40);
    doc.roundedRect(-u * 0.045, -u * 0.13, u * 0.09, u * 0.26, u * 0.045).fillAndStroke('#7a4a26', INK);
    doc.restore();
  };
  cattail(cx - w * 0.42, u * 0.75, -u * 0.06);
  cattail(cx - w * 0.34, u * 0.95, u * 0.04);
  cattail(cx + w * 0.38, u * 0.85, u * 0.05);
  cattail(cx + w * 0.46, u * 0.62, u * 0.1);
  for (const x of [cx - w * 0.24, cx + w * 0.27]) {
    outline(doc, 0.8).strokeColor(REED);
    for (const d of [-1, -0.4, 0.4, 1]) doc.moveTo(x, g + u * 0.02).quadraticCurveTo(x + d * u * 0.05, g - u * 0.15, x + d * u * 0.13, g - u * 0.26).stroke();
  }
};

/** A bore hole: a drilling derrick over a pipe going down through the strata. */
const boreHole: Emblem = (doc, cx, g, u) => {
  const h = u * 0.95;
  const half = u * 0.32;
  const top = g - h;
  doc.polygon([cx - half, g], [cx - u * 0.06, top], [cx + u * 0.06, top], [cx + half, g]).fill('#f1e6cf');
  outline(doc, 1.1).strokeColor('#5b4a38');
  doc.moveTo(cx - half, g).lineTo(cx - u * 0.06, top).lineTo(cx + u * 0.06, top).lineTo(cx + half, g).stroke();
  outline(doc, 0.6).strokeColor('#5b4a38');
  for (let i = 1; i <= 3; i++) {
    const y0 = g - (h * i) / 4;
    const y1 = g - (h * (i - 1)) / 4;
    const wx = (y: number) => half - ((half - u * 0.06) * (g - y)) / h;
    doc.moveTo(cx - wx(y1), y1).lineTo(cx + wx(y0), y0).stroke();
    doc.moveTo(cx + wx(y1), y1).lineTo(cx - wx(y0), y0).stroke();
    doc.moveTo(cx - wx(y0), y0).lineTo(cx + wx(y0), y0).stroke();
  }
  doc.rect(cx - u * 0.1, top - u * 0.08, u * 0.2, u * 0.08).fillAndStroke(STEEL, INK);
  outline(doc, 1.6).moveTo(cx, top).lineTo(cx, g + u * 0.3).stroke('#555b5e');
  doc.polygon([cx - u * 0.04, g + u * 0.3], [cx + u * 0.04, g + u * 0.3], [cx, g + u * 0.38]).fillAndStroke('#555b5e', INK);
  // engine shed
  doc.rect(cx + half + u * 0.04, g - u * 0.26, u * 0.34, u * 0.26).fillAndStroke('#d9c7a4', INK);
  outline(doc, 1.2).moveTo(cx + half + u * 0.3, g - u * 0.26).lineTo(cx + half + u * 0.3, g - u * 0.44).stroke();
};

/** A caisson: a steel shaft sunk into the ground under a crane's hook. */
const caisson: Emblem = (doc, cx, g, u) => {
  const r = u * 0.34;
  const top = g - u * 0.42;
  const rim = u * 0.1;
  doc.rect(cx - r, top, 2 * r, g + u * 0.36 - top).fill(STEEL);
  outline(doc, 0.9);
  doc.moveTo(cx - r, top).lineTo(cx - r, g + u * 0.36).stroke();
  doc.moveTo(cx + r, top).lineTo(cx + r, g + u * 0.36).stroke();
  outline(doc, 0.5).strokeColor('#7d878c');
  for (let i = 1; i <= 3; i++) {
    const y = top + ((g + u * 0.36 - top) * i) / 4;
    doc.moveTo(cx - r, y).quadraticCurveTo(cx, y + rim * 1.6, cx + r, y).stroke();
  }
  doc.ellipse(cx, top, r, rim).fillAndStroke('#6c767b', INK);
  doc.ellipse(cx, top + rim * 0.15, r * 0.8, rim * 0.7).fill('#3a3f42');
  // crane
  const mast = cx - r - u * 0.32;
  outline(doc, 1.6).moveTo(mast, g).lineTo(mast, g - u * 0.95).lineTo(cx + r * 0.2, g - u * 0.9).stroke('#c98a1e');
  outline(doc, 0.8).moveTo(mast, g - u * 0.6).lineTo(mast + u * 0.3, g - u * 0.92).stroke('#c98a1e');
  outline(doc, 0.6).moveTo(cx + r * 0.1, g - u * 0.9).lineTo(cx + r * 0.1, top - u * 0.18).stroke();
  outline(doc, 0.9).moveTo(cx + r * 0.1, top - u * 0.18).bezierCurveTo(cx + r * 0.1, top - u * 0.08, cx + r * 0.32, top - u * 0.08, cx + r * 0.32, top - u * 0.14).stroke();
};

/** The Interpretive Centre: a museum building with a flag and an "i" sign. */
const centre: Emblem = (doc, cx, g, u) => {
  const w = u * 1.05;
  const wallH = u * 0.45;
  const x0 = cx - w / 2;
  doc.rect(x0, g - wallH, w, wallH).fillAndStroke(WALL, INK);
  doc.polygon([x0 - u * 0.08, g - wallH], [cx, g - wallH - u * 0.3], [x0 + w + u * 0.08, g - wallH]).fillAndStroke(ROOF, INK);
  doc.rect(cx - u * 0.08, g - u * 0.24, u * 0.16, u * 0.24).fillAndStroke('#7a5634', INK);
  for (const dx of [-0.34, -0.2, 0.2, 0.34]) doc.rect(cx + dx * w - u * 0.05, g - u * 0.33, u * 0.1, u * 0.12).fillAndStroke('#cfe3ea', INK);
  outline(doc, 0.8).moveTo(cx, g - wallH - u * 0.3).lineTo(cx, g - wallH - u * 0.58).stroke();
  doc.polygon([cx, g - wallH - u * 0.58], [cx + u * 0.24, g - wallH - u * 0.5], [cx, g - wallH - u * 0.42]).fillAndStroke('#2c6bd6', INK);
  // "i" sign on a post
  const sx = x0 + w + u * 0.3;
  outline(doc, 1).moveTo(sx, g).lineTo(sx, g - u * 0.28).stroke(WOOD);
  doc.circle(sx, g - u * 0.36, u * 0.12).fillAndStroke('#2c6bd6', INK);
  doc.circle(sx, g - u * 0.42, u * 0.018).fill('#ffffff');
  doc.rect(sx - u * 0.016, g - u * 0.39, u * 0.032, u * 0.1).fill('#ffffff');
};

const EMBLEMS: Record<Location['emblem'], Emblem | null> = { lots, swamp, 'bore-hole': boreHole, caisson, centre, none: null };

/** The picture area: sky, ground and the emblem, clipped to the box (rounded top corners left to the panel). */
export function drawScene(doc: Doc, kind: Location['emblem'], b: Box, opts: { focusX?: number } = {}): void {
  const ground = b.y + b.h * 0.66;
  doc.save();
  doc.rect(b.x, b.y, b.w, b.h).clip();
  doc.rect(b.x, b.y, b.w, ground - b.y).fill(SKY);
  doc.rect(b.x, ground, b.w, b.y + b.h - ground).fill(GROUND);
  outline(doc, 0.5).strokeColor('#bfa577');
  for (let i = 0; i < 3; i++) {
    const y = ground + (b.y + b.h - ground) * (0.3 + i * 0.25);
    doc.moveTo(b.x, y).bezierCurveTo(b.x + b.w * 0.3, y - 1.5, b.x + b.w * 0.6, y + 1.5, b.x + b.w, y).stroke();
  }
  // A couple of clouds where the sky has room.
  const sky = ground - b.y;
  if (sky > mm(14)) {
    const cloud = (cx: number, cy: number, s: number) => {
      doc.circle(cx - s * 0.55, cy + s * 0.1, s * 0.42).circle(cx, cy - s * 0.08, s * 0.58).circle(cx + s * 0.6, cy + s * 0.12, s * 0.38).fill('#ffffff');
      doc.rect(cx - s * 0.55, cy + s * 0.1, s * 1.15, s * 0.4).fill('#ffffff');
    };
    const s = Math.min(mm(4.5), sky * 0.14);
    cloud(b.x + b.w * 0.16, b.y + sky * 0.24, s);
    cloud(b.x + b.w * 0.84, b.y + sky * 0.36, s * 0.8);
  }
  const draw = EMBLEMS[kind];
  if (draw) {
    const u = Math.min(b.h * 0.62, b.w * 0.42);
    draw(doc, opts.focusX ?? b.x + b.w / 2, ground, u);
  }
  doc.restore();
}
