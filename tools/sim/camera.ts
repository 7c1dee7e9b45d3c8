/** Stage 3a: where the camera is: a pinhole phone camera looking at the sheet, as a page-to-photo homography. */
import { apply, fromPoints, localScale, polygonArea, type Mat3, type Pt } from './homography.js';
import type { Rand } from './rand.js';

export interface CameraKnobs {
  /** angle between the camera axis and the sheet's normal, degrees (0 = straight above) */
  tiltDeg: number;
  /** direction of the tilt in the sheet's plane, degrees */
  tiltAzimuthDeg: number;
  /** in-plane rotation of the sheet in the photo, degrees (180 = upside down) */
  rotationDeg: number;
  /** wanted area of the sheet as a fraction of the frame (0.3..1); reduced if the markers would leave the frame */
  fill: number;
  /** 35 mm equivalent focal length (phones: 24-28) */
  focalMm: number;
  /** where the sheet sits in the free room of the frame, each -1..1 */
  offset: [number, number];
  /** keep the whole page in the frame (else only the markers are kept in; the paper's edge may be cut off) */
  wholePage: boolean;
}

export interface CameraResult {
  /** page points to photo pixels */
  homography: Mat3;
  /** area of the page in the photo / area of the photo */
  fill: number;
  /** the page corners in the photo: top-left, top-right, bottom-right, bottom-left of the page */
  corners: Pt[];
  /** the largest local scale over the page, photo pixels per point */
  maxScale: number;
  /** a page point lifted `h` points off the table (toward the camera) to photo pixels; h = 0 is the homography */
  project3d: (u: number, v: number, h: number) => Pt;
}

/**
 * Projects the page through a tilted, rotated camera and fits it into the frame so that `keepInside`
 * (page points, e.g. the marker corners) stays at least `margin` pixels inside.
 */
export function placeSheet(page: { width: number; height: number }, frame: { width: number; height: number }, k: CameraKnobs, keepInside: Pt[], margin: number): CameraResult {
  const { width: PW, height: PH } = page;
  const { width: W, height: H } = frame;
  const f = (Math.hypot(W, H) * k.focalMm) / Math.hypot(36, 24);
  const rot = (k.rotationDeg * Math.PI) / 180;
  const tilt = (k.tiltDeg * Math.PI) / 180;
  const az = (k.tiltAzimuthDeg * Math.PI) / 180;
  // axis of the tilt, in the sheet plane (after the in-plane rotation)
  const ax = Math.cos(az);
  const ay = Math.sin(az);
  const c = Math.cos(tilt);
  const s = Math.sin(tilt);
  // Rodrigues rotation about (ax, ay, 0)
  const R = [
    c + ax * ax * (1 - c), ax * ay * (1 - c), ay * s,
    ay * ax * (1 - c), c + ay * ay * (1 - c), -ax * s,
    -ay * s, ax * s, c,
  ];
  const project = (p: Pt, dist: number, h = 0): Pt => {
    const x0 = p[0] - PW / 2;
    const y0 = p[1] - PH / 2;
    const x1 = x0 * Math.cos(rot) - y0 * Math.sin(rot);
    const y1 = x0 * Math.sin(rot) + y0 * Math.cos(rot);
    const X = R[0] * x1 + R[1] * y1 - R[2] * h;
    const Y = R[3] * x1 + R[4] * y1 - R[5] * h;
    const Z = R[6] * x1 + R[7] * y1 - R[8] * h + dist;
    return [(f * X) / Z, (f * Y) / Z];
  };
  const pageCorners: Pt[] = [[0, 0], [PW, 0], [PW, PH], [0, PH]];
  const diag = Math.hypot(PW, PH);
  let dist = diag * 2;
  const areaAt = (d: number) => Math.abs(polygonArea(pageCorners.map((p) => project(p, d))));
  // distance for the wanted fill (area scales ~ 1/d^2)
  for (let i = 0; i < 30; i++) dist *= Math.sqrt(areaAt(dist) / (k.fill * W * H));
  dist = Math.max(dist, diag * 0.6);
  // back off until the points to keep fit in the frame
  const fits = (d: number) => {
    const pts = keepInside.map((p) => project(p, d));
    const xs = pts.map((p) => p[0]);
    const ys = pts.map((p) => p[1]);
    return Math.max(...xs) - Math.min(...xs) <= W - 2 * margin && Math.max(...ys) - Math.min(...ys) <= H - 2 * margin;
  };
  for (let i = 0; i < 200 && !fits(dist); i++) dist *= 1.02;
  const keep = keepInside.map((p) => project(p, dist));
  const minX = Math.min(...keep.map((p) => p[0]));
  const maxX = Math.max(...keep.map((p) => p[0]));
  const minY = Math.min(...keep.map((p) => p[1]));
  const maxY = Math.max(...keep.map((p) => p[1]));
  // translate: centre the kept box, then move it by offset within the free room
  const roomX = (W - 2 * margin - (maxX - minX)) / 2;
  const roomY = (H - 2 * margin - (maxY - minY)) / 2;
  const tx = W / 2 - (minX + maxX) / 2 + k.offset[0] * roomX;
  const ty = H / 2 - (minY + maxY) / 2 + k.offset[1] * roomY;
  const corners = pageCorners.map((p) => {
    const q = project(p, dist);
    return [q[0] + tx, q[1] + ty] as Pt;
  });
  const homography = fromPoints(pageCorners, corners);
  const maxScale = Math.max(...pageCorners.map((p) => localScale(homography, p)));
  const project3d = (u: number, v: number, h: number): Pt => {
    const q = project([u, v], dist, h);
    return [q[0] + tx, q[1] + ty];
  };
  return { homography, fill: Math.abs(polygonArea(corners)) / (W * H), corners, maxScale, project3d };
}

/** Draws camera knobs for a difficulty's ranges. */
export function drawCamera(rand: Rand, r: { tilt: [number, number]; fill: [number, number]; rotation: 'upright' | 'any' | 'flipped'; wholePage: number }): CameraKnobs {
  let rotationDeg: number;
  if (r.rotation === 'upright') rotationDeg = rand.normal() * 4;
  else if (r.rotation === 'flipped') rotationDeg = 180 + rand.normal() * 6;
  else {
    const mode = rand.weighted([['up', 4], ['down', 2], ['side', 2], ['free', 2]] as const);
    rotationDeg = mode === 'up' ? rand.normal() * 6 : mode === 'down' ? 180 + rand.normal() * 6 : mode === 'side' ? (rand.chance(0.5) ? 90 : -90) + rand.normal() * 6 : rand.range(-180, 180);
  }
  return {
    tiltDeg: rand.range(r.tilt[0], r.tilt[1]),
    tiltAzimuthDeg: rand.range(0, 360),
    rotationDeg: ((rotationDeg + 540) % 360) - 180,
    fill: rand.range(r.fill[0], r.fill[1]),
    focalMm: rand.range(24, 30),
    offset: [rand.range(-1, 1), rand.range(-1, 1)],
    wholePage: rand.chance(r.wholePage),
  };
}

export { apply };
