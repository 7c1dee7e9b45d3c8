/**
 * A script compiled by node:vm cannot import() (Node 20), so the CommonJS bundle of the CLI (src/cli/bundle.ts) sends
 * each import() of a package left outside it to the loader's `globalThis.__baakoImport` (src/cli/code-cache.ts).
 * Any other import() left in the code would fail only when reached, so it is an error here, at build time.
 */
export function cjsImports(code: string, external: readonly string[]): string {
  const names = external.map((e) => e.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|');
  const out = code.replace(new RegExp(`(?<![\\w$.])import\\((["'](?:${names})(?:/[^"']*)?["'])\\)`, 'g'), 'globalThis.__baakoImport($1)');
  // (text built for another process, such as `import(${...})` in a template, is not a call)
  const left = out.match(/(?<![\w$.`])import\((?!\$\{)[^)]{0,80}\)/);
  if (left) throw new Error(`the CommonJS bundle keeps an import() it cannot run: ${left[0]}`);
  return out;
}
