/** `npm run schemas`: writes docs/schemas/NAME.schema.json from the project's zod schemas (src/data/json-schemas.ts). */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { jsonSchemas } from '../src/data/json-schemas.js';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'schemas');
mkdirSync(dir, { recursive: true });
const wanted = new Map(jsonSchemas().map(({ name, json }) => [`${name}.schema.json`, JSON.stringify(json, null, 2) + '\n']));
for (const [file, text] of wanted) {
  const path = join(dir, file);
  let old = '';
  try {
    old = readFileSync(path, 'utf8');
  } catch {}
  if (old === text) continue;
  writeFileSync(path, text);
  console.log(`${old ? 'updated' : 'wrote'} docs/schemas/${file}`);
}
for (const file of readdirSync(dir)) {
  if (file.endsWith('.schema.json') && !wanted.has(file)) {
    rmSync(join(dir, file));
    console.log(`removed docs/schemas/${file} (no schema of that name any more)`);
  }
}
