import type { Paper } from '../engine/setup.js';
import type { Side } from '../engine/types.js';
import { sheetGeometry, type SheetGeometry } from '../geometry/sheet-layout.js';
import { apply, findHomography, type Homography, type Point } from './homography.js';
import type { Photo } from './image.js';
import type { MarkerHit } from './markers.js';
import { grey } from './sample.js';

/** A hypothesis for which printed marker each found marker is, and on which paper. */
export interface Pose {
  paper: Paper;
  /** Found marker (clockwise order) matching the printed top-left marker. */
  rotation: number;
  geometry: SheetGeometry;
  /** Page points (PDF pt) to working pixels. */
  pageToImage: Homography;
  /** Contrast of the borderline where this pose expects it: near 0 when wrong, 0.3+ when right. */
  borderContrast: number;
}

const markerCenter = (m: { x: number; y: number; size: number }): Point => ({ x: m.x + m.size / 2, y: m.y + m.size / 2 });

export function poseFor(markers: MarkerHit[], rotation: number, paper: Paper, side: Side = 'A'): Pose | null {
  const g = sheetGeometry(side, paper);
  const src = g.markers.map(markerCenter);
  const dst = g.markers.map((_, i) => markers[(i + rotation) % 4].center);
  const h = findHomography(src, dst);
  if (!h) return null;
  return { paper, rotation, geometry: g, pageToImage: h, borderContrast: 0 };
}

/**
 * Contrast of the land's solid borderline under a pose: at points along the four sides, the darkest pixel
 * within a small band across the line, against the paper a third of a cell either side.
 */
export function borderContrast(photo: Photo, pose: Pose, samplesPerSide = 36): number {
  const { x, y, cell, rows, cols } = pose.geometry.grid;
  const W = cols * cell;
  const H = rows * cell;
  const h = pose.pageToImage;
  let sum = 0;
  let n = 0;
  const at = (px: number, py: number) => {
    const p = apply(h, px, py);
    return grey(photo, p.x, p.y);
  };
  const sides: [number, number, number, number][] = [
    [x, y, 1, 0],
    [x, y + H, 1, 0],
    [x, y, 0, 1],
    [x + W, y, 0, 1],
  ];
  for (const [sx, sy, dx, dy] of sides) {
    const len = dx ? W : H;
    for (let k = 0; k < samplesPerSide; k++) {
      const t = (k + 0.5) / samplesPerSide;
      const px = sx + dx * t * len;
      const py = sy + dy * t * len;
      const nx = dy;
      const ny = dx;
      let on = 255;
      for (let o = -0.08; o <= 0.0801; o += 0.02) on = Math.min(on, at(px + nx * o * cell, py + ny * o * cell));
      const a = at(px + nx * 0.33 * cell, py + ny * 0.33 * cell);
      const b = at(px - nx * 0.33 * cell, py - ny * 0.33 * cell);
      const paper = Math.max(a, b, 1);
      sum += Math.max(0, (paper - on) / paper);
      n++;
    }
  }
  return sum / n;
}

/** Tries the four rotations on both papers and keeps the pose whose borderline shows best. */
export function findPose(photo: Photo, markers: MarkerHit[], papers: Paper[] = ['a4', 'letter']): { best: Pose; runnerUp: number } | null {
  const poses: Pose[] = [];
  for (const paper of papers) {
    for (let r = 0; r < 4; r++) {
      const p = poseFor(markers, r, paper);
      if (!p) continue;
      p.borderContrast = borderContrast(photo, p);
      poses.push(p);
    }
  }
  if (poses.length === 0) return null;
  poses.sort((a, b) => b.borderContrast - a.borderContrast);
  return { best: poses[0], runnerUp: poses[1]?.borderContrast ?? 0 };
}
