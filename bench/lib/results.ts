/**
 * Every bench writes what it measured to bench/out/<id>.json (and prints it); bench/run-all.ts turns
 * those files into bench/RESULTS.md. A figure carries its target, so a miss is visible, and a note
 * that says why when it misses.
 */
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { describeMachine, type Machine } from './machine.ts';

export const BENCH_DIR = path.resolve(import.meta.dirname, '..');
export const ROOT = path.resolve(BENCH_DIR, '..');
export const OUT_DIR = path.join(BENCH_DIR, 'out');

export interface Figure {
  name: string;
  value: number | string;
  unit?: string;
  /** The target as written in the brief, e.g. '≤ 85 KB'. */
  target?: string;
  /** Undefined for figures that have no target (context, such as the baseline). */
  pass?: boolean;
}

export interface BenchResult {
  id: string;
  title: string;
  /** The exact command that produced this result. */
  command: string;
  machine: Machine;
  figures: Figure[];
  /** Markdown: tables, plans, curves. */
  details?: string;
  /** Markdown: why a figure misses and what would close it. */
  notes?: string[];
}

export function newResult(id: string, title: string, command: string): BenchResult {
  return { id, title, command, machine: describeMachine(), figures: [], notes: [] };
}

export function check(value: number, op: '<=' | '>=' | '==', limit: number): boolean {
  if (op === '<=') return value <= limit;
  if (op === '>=') return value >= limit;
  return value === limit;
}

const fmt = (f: Figure) => `${typeof f.value === 'number' ? round(f.value) : f.value}${f.unit ? ` ${f.unit}` : ''}`;
/**
 * Load benches measure what they compare in turn, round after round, and report medians: a few seconds when
 * the shared machine is busy then land in one round of each side, not all in one.
 */
export const DEFAULT_ROUNDS = 3;

/** The middle value; for an even count, the mean of the two middle ones. */
export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}
export const round = (n: number) => (Math.abs(n) >= 100 ? Math.round(n) : Math.round(n * 100) / 100);
const verdict = (f: Figure) => (f.pass === undefined ? '' : f.pass ? 'yes' : '**no**');

export function figuresTable(figures: Figure[]): string {
  const rows = figures.map((f) => `| ${f.name} | ${fmt(f)} | ${f.target ?? ''} | ${verdict(f)} |`);
  return ['| figure | measured | target | met |', '|---|---|---|---|', ...rows].join('\n');
}

/** Prints the result and stores it for RESULTS.md. */
export function report(result: BenchResult): void {
  mkdirSync(OUT_DIR, { recursive: true });
  writeFileSync(path.join(OUT_DIR, `${result.id}.json`), `${JSON.stringify(result, null, 2)}\n`);
  const lines = [
    '',
    `== ${result.title} ==`,
    `command: ${result.command}`,
    `machine: ${result.machine.nproc} CPUs (${result.machine.cpuModel}), ${result.machine.memoryGiB} GiB, load ${result.machine.loadAverage}`,
    ...result.figures.map(
      (f) => `  ${f.name}: ${fmt(f)}${f.target ? `  (target ${f.target}: ${f.pass ? 'met' : 'MISSED'})` : ''}`,
    ),
    ...(result.notes ?? []).map((n) => `  note: ${n}`),
    '',
  ];
  console.log(lines.join('\n'));
}

export function readResult(id: string): BenchResult | null {
  const file = path.join(OUT_DIR, `${id}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BenchResult) : null;
}

/** `--name=value` and `--flag` arguments. */
export function args(): Map<string, string> {
  const map = new Map<string, string>();
  for (const a of process.argv.slice(2)) {
    const m = /^--([\w-]+)(?:=(.*))?$/.exec(a);
    if (m) map.set(m[1]!, m[2] ?? 'true');
  }
  return map;
}
