import { dirname } from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * An esbuild plugin for the CLI's bundle. yargs measures its help through string-width (three copies), whose import
 * builds an Intl.Segmenter and Unicode-property regexes and whose calls run an emoji regex: most of `baako --help`'s
 * own time. Each import of string-width gets a wrapper instead that measures printable ASCII, one column a character
 * in every version, by its length, and hands any other text to the package itself, evaluated at that first use.
 */
export const lazyStringWidth: Plugin = {
  name: 'lazy-string-width',
  setup(b) {
    b.onResolve({ filter: /^string-width$/ }, async (args) => {
      // (a require() of it, from CommonJS, expects the module itself rather than this ES module: left alone)
      if (args.pluginData === 'real' || args.kind !== 'import-statement') return undefined;
      const real = await b.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: 'real' });
      if (real.errors.length > 0) return { errors: real.errors };
      return { path: real.path, namespace: 'lazy-string-width' };
    });
    b.onLoad({ filter: /.*/, namespace: 'lazy-string-width' }, (args) => ({
      loader: 'js',
      resolveDir: dirname(args.path),
      // esbuild turns a bundled require() into a call that evaluates the module there, not at start-up.
      contents: `let real;
export default function stringWidth(string, options) {
  if (typeof string === 'string' && /^[\\x20-\\x7e]*$/.test(string)) return string.length;
  real ??= require(${JSON.stringify(args.path)}).default;
  return real(string, options);
}
`,
    }));
  },
};
