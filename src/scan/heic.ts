/**
 * HEIC/HEIF photos (iPhones, many Android phones), decoded by libheif compiled to WebAssembly (libheif-js: its
 * decoder and libde265 in one file, nothing downloaded). sharp's prebuilt libvips reads AVIF but has no HEVC
 * decoder, so HEVC-coded files come here. The module (2 MB of JavaScript) is loaded on the first HEIC only.
 *
 * What is decoded is the file's primary image (a burst or an edited photo holds several), with its
 * transformations applied as libheif does by default: rotation (irot), mirroring (imir) and crop (clap). The
 * EXIF orientation inside a HEIF is not applied on top: the HEIF standard makes irot/imir the orientation, and
 * phones that write both make them agree (libvips, and so sharp, read HEIF the same way).
 */
import { createRequire } from 'node:module';
import { InputError } from '../errors.js';

/** Decoded pixels, interleaved, row-major, no padding. */
export interface RawPixels {
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
  data: Uint8Array;
}

interface EnumValue {
  value: number;
}
interface HeifError {
  code: EnumValue;
  subcode: EnumValue;
  message: string;
}
interface Handle {
  code?: EnumValue;
}
interface DecodedImage {
  code?: EnumValue;
  image: unknown;
  channels: { id: EnumValue; width: number; height: number; stride: number; data: Uint8Array }[];
}
/** The part of libheif-js's API used here (its C functions through embind). */
interface Libheif {
  /** (libheif-js 1.23 instantiates its inline WebAssembly at require and has no `ready`; older ones had one.) */
  ready?: Promise<void>;
  heif_error_code: Record<string, EnumValue>;
  heif_suberror_code: Record<string, EnumValue>;
  heif_colorspace: Record<string, EnumValue>;
  heif_chroma: Record<string, EnumValue>;
  heif_channel: Record<string, EnumValue>;
  heif_context_alloc(): unknown;
  heif_context_free(ctx: unknown): void;
  heif_context_read_from_memory(ctx: unknown, data: Uint8Array): HeifError;
  heif_context_get_number_of_top_level_images(ctx: unknown): number;
  heif_js_context_get_primary_image_handle(ctx: unknown): Handle;
  heif_image_handle_get_width(h: Handle): number;
  heif_image_handle_get_height(h: Handle): number;
  heif_image_handle_release(h: Handle): void;
  heif_js_decode_image2(h: Handle, colorspace: EnumValue, chroma: EnumValue): DecodedImage | Promise<DecodedImage>;
  heif_image_release(img: unknown): void;
}

let loading: Promise<Libheif> | undefined;

function libheif(): Promise<Libheif> {
  loading ??= (async () => {
    // The bundle carries its WebAssembly inline (no file to locate, no fetch).
    const lib = createRequire(import.meta.url)('libheif-js/wasm-bundle.js') as Libheif;
    await lib.ready;
    return lib;
  })();
  return loading;
}

/** The types of the top-level boxes of an ISO base media file, as far as they can be read. */
export function topLevelBoxes(data: Uint8Array): string[] {
  const types: string[] = [];
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let at = 0; at + 8 <= data.length && types.length < 64; ) {
    let size = view.getUint32(at);
    types.push(String.fromCharCode(data[at + 4], data[at + 5], data[at + 6], data[at + 7]));
    if (size === 1 && at + 16 <= data.length) size = Number(view.getBigUint64(at + 8));
    else if (size === 0) break; // to the end of the file
    if (size < 8) break;
    at += size;
  }
  return types;
}

const NO_IMAGE = ['heif_suberror_No_pitm_box', 'heif_suberror_No_iinf_box', 'heif_suberror_No_iloc_box', 'heif_suberror_No_or_invalid_primary_item', 'heif_suberror_No_item_data', 'heif_suberror_No_infe_box', 'heif_suberror_Nonexisting_item_referenced'];

/** Decodes the primary image of a HEIC/HEIF file to RGB. `name` is for messages. */
export async function decodeHeic(data: Uint8Array, name: string): Promise<RawPixels> {
  const boxes = topLevelBoxes(data);
  const noStill = () =>
    boxes.includes('moov') && !boxes.includes('meta')
      ? new InputError('video', `${name}: this HEIC file holds a video or an image sequence, not a still photo: save the photo itself (on an iPhone, Share > Save Image, or turn Live off)`)
      : new InputError('no-image', `${name}: this HEIC file holds no image: save the photo again from the phone, as JPEG if you can`);
  const damaged = (why: string) => new InputError('damaged', `${name}: the HEIC image data is damaged or truncated (${why}): copy the photo again from the phone`);
  if (!boxes.includes('meta')) throw noStill();

  const lib = await libheif();
  const ctx = lib.heif_context_alloc();
  let handle: Handle | undefined;
  try {
    const err = lib.heif_context_read_from_memory(ctx, data);
    if (err.code.value !== lib.heif_error_code.heif_error_Ok.value) {
      if (NO_IMAGE.some((k) => lib.heif_suberror_code[k]?.value === err.subcode.value)) throw noStill();
      throw damaged(err.message);
    }
    if (lib.heif_context_get_number_of_top_level_images(ctx) === 0) throw noStill();
    const h = lib.heif_js_context_get_primary_image_handle(ctx);
    if (!h || h.code) throw noStill();
    handle = h;
    const image = await lib.heif_js_decode_image2(h, lib.heif_colorspace.heif_colorspace_RGB, lib.heif_chroma.heif_chroma_interleaved_RGB);
    if (!image || image.code || !image.channels) throw damaged('the picture does not decode');
    try {
      const plane = image.channels.find((c) => c.id.value === lib.heif_channel.heif_channel_interleaved.value);
      if (!plane) throw damaged('no colour plane');
      const { width, height, stride } = plane;
      const rgb = new Uint8Array(width * height * 3);
      if (stride === width * 3) rgb.set(plane.data.subarray(0, rgb.length));
      else for (let y = 0; y < height; y++) rgb.set(plane.data.subarray(y * stride, y * stride + width * 3), y * width * 3);
      return { width, height, channels: 3, data: rgb };
    } finally {
      lib.heif_image_release(image.image);
    }
  } finally {
    if (handle) lib.heif_image_handle_release(handle);
    lib.heif_context_free(ctx);
  }
}
