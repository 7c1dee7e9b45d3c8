/** The sheet's pose fitted for a part of the page: on either paper, or near the top or the bottom of the land. */
import { sheetGeometry, type Paper } from '../geometry/sheet-layout.js';
import type { LandGrid } from './grid.js';
import { apply, findHomography, type Point } from './homography.js';
import { markerCenter, type Pose } from './orient.js';

/**
 * The sheet's pose on either paper, from one: the corner squares stay where they were found, the page around them
 * is A4's or Letter's.
 */
export function onEitherPaper(pose: Pose): Pose[] {
  const seen = pose.geometry.markers.map((m) => {
    const c = markerCenter(m);
    return apply(pose.pageToImage, c.x, c.y);
  });
  const papers: Paper[] = ['a4', 'letter'];
  return papers.flatMap((paper) => {
    if (paper === pose.paper) return [pose];
    const g = sheetGeometry(pose.geometry.side, paper);
    const h = findHomography(g.markers.map(markerCenter), seen);
    return h ? [{ ...pose, paper, geometry: g, pageToImage: h }] : [];
  });
}

/** Land vertex rows fitted beside the two corner squares for a box above or below the land. */
const NEAR_ROWS = 3;

/**
 * A pose that holds near the top or the bottom of the sheet: fitted to the land's nearest vertex rows (as the grid
 * found them) and the two nearest corner squares. The four corner squares alone misplace a box by millimetres on a
 * sheet folded or bowed between them.
 */
export function poseNear(pose: Pose, grid: LandGrid, where: 'top' | 'bottom'): Pose {
  const g = pose.geometry;
  const src: Point[] = [];
  const dst: Point[] = [];
  const first = where === 'top' ? 0 : grid.rows + 1 - NEAR_ROWS;
  for (let i = first; i < first + NEAR_ROWS; i++) {
    for (let j = 0; j <= grid.cols; j++) {
      const k = i * (grid.cols + 1) + j;
      src.push({ x: g.grid.x + j * g.grid.cell, y: g.grid.y + i * g.grid.cell });
      dst.push({ x: grid.xs[k], y: grid.ys[k] });
    }
  }
  for (const m of where === 'top' ? g.markers.slice(0, 2) : g.markers.slice(2)) {
    const c = markerCenter(m);
    src.push(c);
    dst.push(apply(pose.pageToImage, c.x, c.y));
  }
  const h = findHomography(src, dst);
  return h ? { ...pose, pageToImage: h } : pose;
}
