/**
 * The elements of a deck layout, one file a kind: each kind's schema and size limits beside the others', joined in
 * one discriminated union on `kind`, so a bad element is reported against its own kind's fields in one parse.
 */
import * as z from 'zod';
import { ellipseSchema, lineSchema, rectSchema } from './box.js';
import { gridSchema } from './grid.js';
import { iconSchema } from './icon.js';
import { imageSchema } from './image.js';
import { textSchema } from './text.js';
import { trackSchema } from './track.js';

export const elementSchema = z.discriminatedUnion('kind', [textSchema, rectSchema, ellipseSchema, lineSchema, iconSchema, imageSchema, gridSchema, trackSchema]);
export type Element = z.infer<typeof elementSchema>;

export const KINDS = ['text', 'rect', 'box', 'ellipse', 'circle', 'line', 'icon', 'svg', 'image', 'grid', 'grid-shape', 'track'];

export * from './common.js';
export type { EllipseElement, LineElement, RectElement } from './box.js';
export type { CellStyle, GridElement } from './grid.js';
export type { IconElement } from './icon.js';
export type { ImageElement } from './image.js';
export type { TextElement } from './text.js';
export type { TrackElement } from './track.js';
export { MAX_TEXT_CHARS, TEXT_ALIGN } from './text.js';
export { MAX_ICON_NAME_CHARS, MAX_PATH_CHARS } from './icon.js';
export { MAX_IMAGE_BYTES, MAX_IMAGE_PIXELS } from './image.js';
export { MAX_SHAPE_CHARS, MAX_SHAPE_COLUMNS, MAX_SHAPE_ROWS } from './grid.js';
export { MAX_TRACK_SPACES } from './track.js';
