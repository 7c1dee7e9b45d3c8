/**
 * OpenCV's saturate_cast<uchar> of a float or double: to the nearest integer, halves to even (lrint, as its wasm build
 * rounds), then clipped to 0..255. The OpenCV ports round with it so that a half lands where OpenCV's did.
 */
export function toByte(v: number): number {
  let r = Math.round(v);
  if (r - v === 0.5 && r & 1) r--;
  return r < 0 ? 0 : r > 255 ? 255 : r;
}
