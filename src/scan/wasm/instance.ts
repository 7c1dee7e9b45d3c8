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
