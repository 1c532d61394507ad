/**
 * `npm run bench`: every bench in turn, each in its own process (one failing does not stop the rest),
 * then bench/RESULTS.md from what they wrote to bench/out/.
 * Run: npm run bench -- [--soak-minutes=10] [--quick]
 *   --quick: short runs for trying the benches out (figures are not comparable with the targets).
 *   --skip=id,id: leave some benches out; their last results in bench/out/ still go into RESULTS.md.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describeMachine } from './lib/machine.ts';
import { BENCH_DIR, OUT_DIR, ROOT, args, figuresTable, readResult, type BenchResult } from './lib/results.ts';

const a = args();
const quick = a.has('quick');
const soak = a.get('soak-minutes') ?? (quick ? '1' : '10');

const STEPS: Array<{ id: string | null; script: string; argv: string[] }> = [
  { id: null, script: 'build.ts', argv: [] },
  { id: 'size', script: 'size.ts', argv: [] },
  { id: 'lighthouse', script: 'lighthouse.ts', argv: [`--runs=${quick ? 1 : 3}`] },
  { id: 'api', script: 'api.ts', argv: [`--duration=${quick ? 5 : 10}`, `--signin-seconds=${quick ? 5 : 10}`] },
  {
    id: 'growth',
    script: 'growth.ts',
    argv: quick ? ['--duration=5', '--accounts=10000', '--cases=100000'] : ['--duration=10'],
  },
  { id: 'memory', script: 'memory.ts', argv: [`--minutes=${soak}`] },
  { id: 'startup', script: 'startup.ts', argv: [`--runs=${quick ? 2 : 5}`] },
  { id: 'open-loop', script: 'open-loop.ts', argv: [`--seconds=${quick ? 3 : 10}`] },
  { id: 'register', script: 'register.ts', argv: quick ? ['--entries=100000', '--searches=200'] : [] },
  { id: 'journey', script: 'journey.ts', argv: [] },
  { id: 'typing', script: 'typing.ts', argv: [] },
];

/** --skip=memory,startup: leave benches out (their earlier results in bench/out/ are kept and reported). */
const skip = new Set((a.get('skip') ?? '').split(',').filter(Boolean));
const failed: string[] = [];
for (const step of STEPS) {
  if (step.id && skip.has(step.id)) continue;
  if (step.id) rmSync(path.join(OUT_DIR, `${step.id}.json`), { force: true });
  console.log(`\n### bench/${step.script} ${step.argv.join(' ')}`);
  const run = spawnSync(process.execPath, [path.join(BENCH_DIR, step.script), ...step.argv], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (run.status !== 0) failed.push(`bench/${step.script} exited ${run.status ?? run.signal}`);
}

const machine = describeMachine();
let cpuInfo = machine.cpuModel;
try {
  cpuInfo =
    execFileSync('lscpu', [], { encoding: 'utf8' })
      .match(/Model name:\s*(.+)/)?.[1]
      ?.trim() ?? cpuInfo;
} catch {
  /* no lscpu */
}
const results = STEPS.flatMap((s) => (s.id ? [readResult(s.id)] : [])).filter((r): r is BenchResult => r !== null);
const all = results.flatMap((r) =>
  r.figures.filter((f) => f.pass !== undefined).map((f) => ({ ...f, name: `${r.id}: ${f.name}` })),
);
const analysisFile = path.join(BENCH_DIR, 'analysis.md');

const md = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench${process.argv.slice(2).length ? ` -- ${process.argv.slice(2).join(' ')}` : ''}\` (bench/run-all.ts) on ${machine.date}. Do not edit by hand: run it again.`,
  '',
  `Machine: ${machine.nproc} CPUs (\`nproc\`), ${cpuInfo}, ${machine.memoryGiB} GiB memory, Node ${machine.node}, commit ${machine.commit}. ` +
    `Load average when the run ended: ${machine.loadAverage} (the machine is shared: a high load makes every time figure worse).`,
  quick ? '\n**Quick run (`--quick`): short runs and a smaller growth seed; figures are indicative only.**' : '',
  '',
  '## Summary',
  '',
  `${all.filter((f) => f.pass).length} of ${all.length} targets met.${failed.length ? ` Benches that failed to finish: ${failed.join('; ')}.` : ''}`,
  '',
  figuresTable(all),
  '',
  ...(existsSync(analysisFile) ? [readFileSync(analysisFile, 'utf8').trim(), ''] : []),
  ...results.flatMap((r) => [
    `## ${r.title}`,
    '',
    `Command: \`${r.command}\` — run ${r.machine.date} at commit ${r.machine.commit}, load average ${r.machine.loadAverage} at its start.`,
    '',
    figuresTable(r.figures),
    '',
    ...(r.notes?.length ? [...r.notes.map((n) => `- ${n}`), ''] : []),
    ...(r.details ? [r.details, ''] : []),
  ]),
].join('\n');
writeFileSync(path.join(BENCH_DIR, 'RESULTS.md'), md);
console.log(`\nwrote bench/RESULTS.md (${all.filter((f) => f.pass).length}/${all.length} targets met)`);
if (failed.length > 0) {
  console.error(`failed: ${failed.join('; ')}`);
  process.exit(1);
}
