import { instantiate, regions, ResidentPlane, type WasmMemory } from './wasm/instance.js';
import { STROKE_WASM } from './wasm/stroke.wasm.js';

/**
 * The counting half of stroke.ts's strokeFeature, run in WebAssembly (wasm/stroke.wat): the band's ink, widened
 * and capped, every straight line's ink, the two best lines, the ink along them, the strips across and the patch's
 * blocks. It runs for every edge once a photo, before V8 has optimised JavaScript, where each double it adds would
 * be a heap number. The ink map and the line tables stay in the module's memory for the land's next edge; the
 * results are views into it, good until the next call.
 */
export interface BandShape {
  /** The ink map's index of step 0 across -R, and the index steps along and across. */
  start: number;
  along: number;
  across: number;
  /** Steps along and offsets across (2R + 1). */
  L: number;
  O: number;
  R: number;
  /** The measured rows [a, b), how far a pixel is widened across, the most a line tilts end to end (pixels). */
  a: number;
  b: number;
  wob: number;
  tilt: number;
  /** How far the second line keeps from the first at both ends, and the width of a strip across (pixels). */
  apart: number;
  width: number;
}

/** The lines to try: their ends across (o0, o1) and the band indices each tilt's line visits from offset 0. */
export interface LineTable {
  o0: Int32Array;
  o1: Int32Array;
  visits: Int32Array;
  steps: number;
}

export interface Band {
  /** The band's ink (0..1), [s * O + o]. */
  v: Float32Array;
  /** The best line's ends and the best apart from it. */
  first: { o0: number; o1: number };
  second: { o0: number; o1: number };
  /** The widened ink along each, rows a to b. */
  along1: Float32Array;
  along2: Float32Array;
  /** Mean capped ink of each strip across, the line's own first. */
  profile: Float64Array;
  /** Mean capped ink of each patch block, [along block * 7 + across block]. */
  blocks: Float64Array;
}

interface StrokeModule {
  memory: WasmMemory;
  band(io: number, unit: number, capTable: number, v: number, raw: number, w: number, capped: number, o0: number, o1: number, visits: number, sums: number, along1: number, along2: number, profile: number, runs: number, blocks: number, counts: number): void;
}

let mod: StrokeModule | undefined;
/** The land's ink map in the module's memory. */
const inkPlane = new ResidentPlane();
/** The tables the memory holds now, and where everything lies. */
let held: { table: LineTable; runs: Int32Array; shape: string; at: Layout } | undefined;

type Layout = ReturnType<typeof layout>;

/** Where the band's inputs, rasters and results lie after the ink map. */
function layout(inkBytes: number, L: number, O: number, lines: number, visits: number, n: number) {
  const raster = 4 * L * O;
  return regions(inkBytes, {
    io: 64, unit: 1024, capTable: 1024, v: raster, raw: raster, w: raster, capped: raster,
    o0: 4 * lines, o1: 4 * lines, visits: 4 * visits, sums: 8 * lines, along1: 4 * n, along2: 4 * n,
    profile: 32, runs: 56, blocks: 336, counts: 336,
  });
}

/** What one edge's band is measured from (stroke.ts's bandRequest). */
export interface BandRequest {
  shape: BandShape;
  table: LineTable;
  /** Each patch block's offsets across, [from, to) block after block. */
  runs: Int32Array;
  /** Ink 0..255 as 0..1, and the same capped. */
  unit: Float32Array;
  capped: Float32Array;
}

/** One edge's band measured from the ink map. */
export function measureBand(ink: Uint8Array, { shape: s, table, runs, unit, capped }: BandRequest): Band {
  const m = (mod ??= instantiate<StrokeModule>(STROKE_WASM));
  const n = s.b - s.a;
  const shape = `${ink.length} ${s.L} ${s.O} ${n}`;
  if (!held || held.table !== table || held.runs !== runs || held.shape !== shape) {
    const at = layout(ink.length, s.L, s.O, table.o0.length, table.visits.length, n);
    inkPlane.place(m.memory, ink, ink.length, at.end);
    const mem = m.memory.buffer;
    new Float32Array(mem, at.unit, 256).set(unit);
    new Float32Array(mem, at.capTable, 256).set(capped);
    new Int32Array(mem, at.o0, table.o0.length).set(table.o0);
    new Int32Array(mem, at.o1, table.o1.length).set(table.o1);
    new Int32Array(mem, at.visits, table.visits.length).set(table.visits);
    new Int32Array(mem, at.runs, runs.length).set(runs);
    held = { table, runs, shape, at };
  } else inkPlane.place(m.memory, ink, ink.length, held.at.end);
  const at = held.at;
  const mem = m.memory.buffer;
  const io = new Int32Array(mem, at.io, 16);
  io.set([s.start, s.along, s.across, s.L, s.O, s.a, s.b, s.wob, s.tilt, table.steps, table.o0.length, s.apart, s.R, s.width]);
  m.band(at.io, at.unit, at.capTable, at.v, at.raw, at.w, at.capped, at.o0, at.o1, at.visits, at.sums, at.along1, at.along2, at.profile, at.runs, at.blocks, at.counts);
  const mid = (s.O - 1) >> 1;
  const line = (i: number) => (i < 0 ? { o0: mid, o1: mid } : { o0: table.o0[i], o1: table.o1[i] });
  return {
    v: new Float32Array(mem, at.v, s.L * s.O),
    first: line(io[14]),
    second: line(io[15]),
    along1: new Float32Array(mem, at.along1, n),
    along2: new Float32Array(mem, at.along2, n),
    profile: new Float64Array(mem, at.profile, 4),
    blocks: new Float64Array(mem, at.blocks, 42),
  };
}
