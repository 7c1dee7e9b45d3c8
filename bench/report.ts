/**
 * How benchmarks report: each module's `bench(report)` records rows (a measure, its result, its target) and notes;
 * they print as they come, and run.ts writes them to docs/benchmarks.md as that module's section, replacing only
 * that section, so the file always holds the latest run of every module with its date and machine.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';

export interface Row {
  measure: string;
  value: string;
  target?: string;
}

/** What one benchmark module measured. */
export class Report {
  readonly rows: Row[] = [];
  readonly notes: string[] = [];

  constructor(
    readonly name: string,
    private readonly print: (line: string) => void = (line) => process.stdout.write(line + '\n'),
  ) {}

  /** A measured number (or numbers) for the table, e.g. row('100-player pack, in-process', '0.61 s', '< 2 s'). */
  row(measure: string, value: string, target?: string): void {
    this.rows.push({ measure, value, target });
    this.print(`${measure}: ${value}${target ? ` (target ${target})` : ''}`);
  }

  /** A sentence for under the table: how it was measured, or what the numbers mean. */
  note(text: string): void {
    this.notes.push(text);
    this.print(text);
  }

  get empty(): boolean {
    return this.rows.length === 0 && this.notes.length === 0;
  }
}

export interface Machine {
  cpu: string;
  cores: number;
  node: string;
  /** The one-minute load average when the module started: on a shared machine, numbers under load run slow. */
  load?: number;
}

export function machine(): Machine {
  return { cpu: cpus()[0]?.model.trim() || 'unknown CPU', cores: availableParallelism(), node: process.version, load: loadavg()[0] };
}

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * A module's section of docs/benchmarks.md. `printed` are the lines a module wrote to the console itself: a module
 * that records nothing through its report still gets its output kept, as a block.
 */
export function sectionMarkdown(report: Report, when: Date, m: Machine, printed: string[] = []): string {
  const date = when.toISOString().slice(0, 16).replace('T', ' ');
  const lines = [`<!-- bench:${report.name} -->`, `## ${report.name}`, '', `Run ${date} UTC on ${m.cpu} (${m.cores} cores${m.load === undefined ? '' : `, load average ${m.load.toFixed(1)}`}), Node ${m.node}.`, ''];
  if (report.rows.length > 0) {
    lines.push('| measure | result | target |', '|---|---|---|');
    for (const r of report.rows) lines.push(`| ${cell(r.measure)} | ${cell(r.value)} | ${cell(r.target ?? '')} |`);
    lines.push('');
  }
  for (const n of report.notes) lines.push(n, '');
  if (report.empty && printed.length > 0) lines.push('```', ...printed, '```', '');
  lines.push(`<!-- /bench:${report.name} -->`);
  return lines.join('\n');
}

const HEADER = `# Benchmarks

\`npm run bench\` writes the sections between the \`bench:\` markers: each is the latest run of one module of
\`bench/\`, with its date and machine. \`npm run bench -- NAME\` replaces only that module's section.
`;

const SECTION = /<!-- bench:([\w-]+) -->[\s\S]*?<!-- \/bench:\1 -->/g;

/**
 * The file's text with these sections put in: each replaces the section of the same name, or goes in among the
 * others in alphabetical order; everything else in the file stays as it was.
 */
export function mergeSections(text: string | undefined, sections: Map<string, string>): string {
  let out = text ?? HEADER;
  const pending = new Map(sections);
  out = out.replace(SECTION, (whole, name: string) => {
    const s = pending.get(name);
    pending.delete(name);
    return s ?? whole;
  });
  for (const [name, s] of [...pending].sort(([a], [b]) => a.localeCompare(b))) {
    const existing = [...out.matchAll(SECTION)];
    const after = existing.find((m) => m[1].localeCompare(name) > 0);
    if (after) out = out.slice(0, after.index) + s + '\n\n' + out.slice(after.index);
    else if (existing.length > 0) {
      const last = existing[existing.length - 1];
      const end = last.index! + last[0].length;
      out = out.slice(0, end) + '\n\n' + s + out.slice(end);
    } else out = out.trimEnd() + '\n\n' + s + '\n';
  }
  return out;
}

/** Merges the sections into the file, written to a temporary name and renamed so a crash never leaves half a file. */
export function writeSections(path: string, sections: Map<string, string>): void {
  const text = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, mergeSections(text, sections));
  renameSync(tmp, path);
}
