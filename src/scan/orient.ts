import { borderContrast } from './grid.js';
import type { Paper } from '../engine/setup.js';
import type { Side } from '../engine/types.js';
import { sheetGeometry, type SheetGeometry } from '../geometry/sheet-layout.js';
import { apply, findHomography, type Homography, type Point } from './homography.js';
import type { Photo } from './image.js';
import { quadArea, type MarkerHit } from './markers.js';
import { TUNING } from './tuning.js';

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

/** The centre of a printed corner square's box (page points). */
export const markerCenter = (m: { x: number; y: number; size: number }): Point => ({ x: m.x + m.size / 2, y: m.y + m.size / 2 });

export function poseFor(markers: MarkerHit[], rotation: number, paper: Paper, side: Side = 'A'): Pose | null {
  const g = sheetGeometry(side, paper);
  const src = g.markers.map(markerCenter);
  const dst = g.markers.map((_, i) => markers[(i + rotation) % 4].center);
  const h = findHomography(src, dst);
  if (!h) return null;
  return { paper, rotation, geometry: g, pageToImage: h, borderContrast: 0 };
}

const { markerSize: SIZE, markerSizeMean: SIZE_MEAN } = TUNING.locate;

/**
 * Whether the corner squares found are about as large as the pose draws them. Any four points give a pose, but four
 * taken from two sheets lying side by side (or with a QR code's finder pattern among them) give one that draws the
 * page's corner squares far larger or smaller than they were found, each or all alike (the outer corners of two
 * sheets make one page twice as large); their alike print can still show a borderline where such a pose expects one.
 */
export function sizesAgree(p: Pose, markers: MarkerHit[]): boolean {
  let logSum = 0;
  for (let i = 0; i < 4; i++) {
    const m = p.geometry.markers[i];
    const c = markerCenter(m);
    const h = m.size / 2;
    const q = [apply(p.pageToImage, c.x - h, c.y - h), apply(p.pageToImage, c.x + h, c.y - h), apply(p.pageToImage, c.x + h, c.y + h), apply(p.pageToImage, c.x - h, c.y + h)];
    const ratio = markers[(i + p.rotation) % 4].side / Math.sqrt(Math.abs(quadArea(q)));
    if (!(ratio >= SIZE[0] && ratio <= SIZE[1])) return false;
    logSum += Math.log(ratio);
  }
  const mean = Math.exp(logSum / 4);
  return mean >= SIZE_MEAN[0] && mean <= SIZE_MEAN[1];
}

/** Samples along each side in the first look at every pose: a wrong pose shows next to no borderline, the right one plenty. */
const GLANCE_SAMPLES = 8;
/** The poses measured in full after that look (the right pose and the other paper's at the same rotation). */
const SHORTLIST = 2;

/**
 * Tries the four rotations on both papers and keeps the pose whose borderline shows best: every pose at a glance,
 * the likeliest few in full (the pose search makes a hundred such measures a photo).
 */
export function findPose(photo: Photo, markers: MarkerHit[], papers: Paper[] = ['a4', 'letter']): { best: Pose } | null {
  const poses: Pose[] = [];
  for (const paper of papers) {
    for (let r = 0; r < 4; r++) {
      const p = poseFor(markers, r, paper);
      if (!p || !sizesAgree(p, markers)) continue;
      p.borderContrast = borderContrast(photo, p, GLANCE_SAMPLES);
      poses.push(p);
    }
  }
  if (poses.length === 0) return null;
  const byContrast = (a: Pose, b: Pose) => b.borderContrast - a.borderContrast;
  const shortlist = poses.sort(byContrast).slice(0, SHORTLIST);
  for (const p of shortlist) p.borderContrast = borderContrast(photo, p);
  return { best: shortlist.sort(byContrast)[0] };
}
