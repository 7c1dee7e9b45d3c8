import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(join(root, file), 'utf8');

/** The project's own Markdown: the README, CONTRIBUTING and everything in docs/ (a user's package holds these). */
function markdownFiles(): string[] {
  const files = ['README.md', 'CONTRIBUTING.md'].filter((f) => existsSync(join(root, f)));
  const walk = (dir: string): void => {
    for (const name of readdirSync(join(root, dir))) {
      const rel = join(dir, name);
      if (statSync(join(root, rel)).isDirectory()) walk(rel);
      else if (name.endsWith('.md')) files.push(rel);
    }
  };
  walk('docs');
  return files;
}

/** Text outside fenced code blocks and inline code, where Markdown links live. */
function prose(md: string): string {
  return md.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

function links(md: string): string[] {
  const out: string[] = [];
  for (const m of prose(md).matchAll(/!?\[(?:[^\][]|\[[^\]]*\])*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) out.push(m[1]);
  for (const m of md.matchAll(/<(?:a|img)\s[^>]*(?:href|src)="([^"]+)"/g)) out.push(m[1]);
  return out;
}

/** The anchors GitHub gives a Markdown file's headings (lower case, punctuation dropped, spaces to hyphens). */
function anchors(md: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of md.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = m[1]
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  for (const m of md.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) out.add(m[1]);
  return out;
}

describe('documentation', () => {
  it('the README stays a five-minute read: at most 250 lines', () => {
    expect(read('README.md').split('\n').length).toBeLessThanOrEqual(250);
  });

  it('the README starts with the two commands for a fresh machine', () => {
    const lines = read('README.md').split('\n').slice(0, 6).join('\n');
    expect(lines).toMatch(/^npm ci && npm run demo\s+# /m);
    expect(lines).toMatch(/^npm test\s+# /m);
  });

  it('no link leaves the repository for ../shared (a user who installs the package has nothing there)', () => {
    for (const file of markdownFiles()) expect(read(file), file).not.toMatch(/\.\.\/shared\b|\/work\/shared/);
  });

  it('every relative link and image in the docs points to a file that exists, and every anchor to a heading', () => {
    const broken: string[] = [];
    for (const file of markdownFiles()) {
      for (const link of links(read(file))) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue; // http:, https:, mailto:
        const [path, anchor] = link.split('#') as [string, string | undefined];
        const target = path === '' ? join(root, file) : resolve(root, dirname(file), decodeURIComponent(path));
        if (!target.startsWith(root + '/') || !existsSync(target)) {
          broken.push(`${file}: ${link} (no such file)`);
          continue;
        }
        if (anchor && target.endsWith('.md') && !anchors(readFileSync(target, 'utf8')).has(anchor)) {
          broken.push(`${file}: ${link} (no heading #${anchor} in ${relative(root, target)})`);
        }
      }
    }
    expect(broken).toEqual([]);
  });

  it('the pictures stay small (each under 200 KB)', () => {
    const dir = join(root, 'docs/images');
    for (const name of readdirSync(dir)) expect(statSync(join(dir, name)).size, name).toBeLessThan(200 * 1024);
  });

  // The contract lives beside the project (../shared, or BAAKO_SHARED); a clone without it skips this check.
  const shared = process.env.BAAKO_SHARED ?? join(root, '..', 'shared');
  it.skipIf(!existsSync(join(shared, 'formats.md')))('docs/formats.md holds the shared formats contract, word for word', () => {
    const theirs = readFileSync(join(shared, 'formats.md'), 'utf8').replace('`../rules/baako.md`', '[rules.md](rules.md)');
    expect(read('docs/formats.md').startsWith(theirs.trimEnd())).toBe(true);
  });
});

describe('link checking itself', () => {
  it('finds links outside code, and GitHub anchors for headings', () => {
    expect(links('see [a](x.md#b) and ![p](img/p.png)\n```\n[no](not-me.md)\n```\n`[no](nor-me.md)`')).toEqual(['x.md#b', 'img/p.png']);
    expect([...anchors('# Scan JSON (output of `baako scan PHOTO --json`)\n## A\n## A')]).toEqual([
      'scan-json-output-of-baako-scan-photo---json',
      'a',
      'a-1',
    ]);
  });
});
