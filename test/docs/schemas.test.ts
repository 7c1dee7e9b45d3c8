import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { geometrySchema, scanSchema, scoreSchema, sheetStateSchema } from '../../src/data/formats.js';
import { gameFileSchema } from '../../src/data/game-file.js';
import { jsonSchemas } from '../../src/data/json-schemas.js';
import { loadGame } from '../../src/data/load.js';
import { readSheetFile } from '../../src/data/state.js';
import { scoreState } from '../../src/engine/score.js';
import { sheetGeometry } from '../../src/geometry/sheet-layout.js';
import { renderPack } from '../../src/render/pack.js';
import { geometryJson } from '../../src/render/sheet.js';
import { baako } from '../cli/run.js';

const root = resolve(import.meta.dirname, '../..');
const dir = join(root, 'docs/schemas');

/** Parses with a zod schema and returns its issues as readable lines (none when the value fits). */
function problems(schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown): string[] {
  const r = schema.safeParse(value);
  return r.success ? [] : r.error!.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('docs/schemas', () => {
  it('the committed JSON Schemas are what `npm run schemas` generates from the zod schemas', () => {
    const generated = jsonSchemas();
    const committed = readdirSync(dir).filter((f) => f.endsWith('.schema.json')).sort();
    expect(committed, 'run `npm run schemas` and commit docs/schemas/').toEqual(generated.map((s) => `${s.name}.schema.json`).sort());
    for (const { name, json } of generated) {
      expect(readFileSync(join(dir, `${name}.schema.json`), 'utf8'), `docs/schemas/${name}.schema.json is stale: run \`npm run schemas\``).toBe(
        JSON.stringify(json, null, 2) + '\n',
      );
    }
  });

  it('every schema is a draft 2020-12 object schema with a title and its parts described', () => {
    for (const { name, json } of jsonSchemas()) {
      expect(json.$schema, name).toBe('https://json-schema.org/draft/2020-12/schema');
      expect(json.title, name).toBeTruthy();
      expect(JSON.stringify(json), name).toMatch(/"description"|"properties"/);
      const defs = Object.keys((json.$defs as object | undefined) ?? {});
      for (const [, ref] of JSON.stringify(json).matchAll(/"\$ref":"([^"]*)"/g)) expect(defs.map((d) => `#/$defs/${d}`), `${name}: ${ref}`).toContain(ref);
    }
    const layout = jsonSchemas().find((s) => s.name === 'deck-layout')!.json as { $defs: Record<string, unknown> };
    expect(Object.keys(layout.$defs)).toEqual(expect.arrayContaining(['text-element', 'rect-element', 'image-element', 'grid-element', 'track-element']));
  });
});

describe('the formats hold for what the tool writes', () => {
  it('the example sheets and the photos\' ground truth are sheet states', () => {
    const files = [
      ...readdirSync(join(root, 'fixtures/sheets')).filter((f) => f.endsWith('.json')).map((f) => join(root, 'fixtures/sheets', f)),
      ...readdirSync(join(root, 'fixtures/photos')).filter((f) => f.endsWith('.truth.json')).map((f) => join(root, 'fixtures/photos', f)),
    ];
    expect(files.length).toBeGreaterThan(30);
    for (const f of files) expect(problems(sheetStateSchema, JSON.parse(readFileSync(f, 'utf8'))), f).toEqual([]);
  });

  it('baako score writes score JSON', () => {
    const game = loadGame();
    for (const f of ['example-a.txt', 'example-b.json']) {
      const score = JSON.parse(JSON.stringify(scoreState(game, readSheetFile(game, join(root, 'fixtures/sheets', f)))));
      expect(problems(scoreSchema, score), f).toEqual([]);
    }
  });

  it('baako scan --json writes scan JSON', () => {
    const r = baako(['scan', '--json', 'fixtures/photos/sample.jpg']);
    expect([0, 3], r.stderr).toContain(r.code);
    const scan = JSON.parse(r.stdout);
    expect(problems(scanSchema, scan)).toEqual([]);
    expect(scan.uncertain.length).toBeGreaterThan(0);
  });

  it('baako pack writes game.json and sheet geometry JSON', async () => {
    const pack = await renderPack({ seed: 'schemas', side: 'B', paper: 'letter', players: 1 });
    const file = (name: string) => JSON.parse(String(pack.files.find((f) => f.name === name)!.data));
    expect(problems(gameFileSchema, file('game.json'))).toEqual([]);
    expect(problems(geometrySchema, file('sheets.geometry.json'))).toEqual([]);
    for (const side of ['A', 'B'] as const) {
      for (const paper of ['a4', 'letter'] as const) {
        expect(problems(geometrySchema, JSON.parse(geometryJson(sheetGeometry(side, paper)))), `${side} ${paper}`).toEqual([]);
      }
    }
  });

  it('the format schemas are not vacuous: a broken value is refused', () => {
    expect(problems(sheetStateSchema, { side: 'C', cards: [], fences: { h: [] }, holes: [[1]] }).length).toBeGreaterThanOrEqual(3);
    expect(problems(scoreSchema, { total: 1.5, cards: {}, penalties: 0, discoveries: [] })).toEqual(['total: Invalid input: expected int, received number']);
    expect(problems(scanSchema, { side: 'A' }).length).toBeGreaterThan(0);
  });
});
