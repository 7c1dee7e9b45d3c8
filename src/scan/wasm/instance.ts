/** The scanner's own WebAssembly modules (the .wat files here, compiled by tools/build-wasm.ts): loading them. */

/** What the project's TypeScript settings (ES2023, no DOM) leave out of WebAssembly: the little used here. */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: unknown };
};

/** A module's exports, from its binary in base64 (a few hundred bytes: compiled synchronously). */
export function instantiate<T extends { memory: WasmMemory }>(base64: string): T {
  return new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(base64, 'base64'))).exports as T;
}

/** Grows a module's memory to at least `bytes` (it never shrinks; what it holds stays where it is). */
export function reserve(memory: WasmMemory, bytes: number): void {
  const have = memory.buffer.byteLength;
  if (have < bytes) memory.grow(Math.ceil((bytes - have) / 65536));
}

/** `n` rounded up to a multiple of 8 (where a double may start in a module's memory). */
export const at8 = (n: number): number => Math.ceil(n / 8) * 8;

/**
 * Regions of a module's memory laid one after another from `start` in the order named, each from a multiple of 8
 * bytes: their offsets by name, and `end`, where the last ends.
 */
export function regions<K extends string>(start: number, sizes: Record<K, number>): Record<K | 'end', number> {
  const out = {} as Record<K | 'end', number>;
  let next = at8(start);
  for (const k of Object.keys(sizes) as K[]) {
    out[k] = next;
    next = at8(next + sizes[k]);
  }
  out.end = next;
  return out;
}

/**
 * One byte plane (a photo's pixels, a land's ink) kept from offset 0 of a module's memory for the many calls that
 * read it: it is copied in only when another plane comes.
 */
export class ResidentPlane {
  private held: WeakRef<Uint8Array> | undefined;

  /** Grows `memory` to at least `bytes`, then puts the first `length` bytes of `plane` at 0 unless they are there. */
  place(memory: WasmMemory, plane: Uint8Array, length: number, bytes: number): void {
    reserve(memory, Math.max(length, bytes));
    if (this.held?.deref() === plane) return;
    new Uint8Array(memory.buffer, 0, length).set(plane.subarray(0, length));
    this.held = new WeakRef(plane);
  }
}
