import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lockDataDir, openPglite } from './pglite.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'ptib-pglite-lock-'));
const dataDir = path.join(dir, 'pglite');
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dir, { recursive: true, force: true });
});

/** Another process (a running server, say) that opens the embedded database and keeps it open. */
async function holdInAnotherProcess(): Promise<ChildProcess> {
  const module = new URL('./pglite.ts', import.meta.url).href;
  const child = spawn(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      `const { openPglite } = await import(${JSON.stringify(module)});
       const db = await openPglite(${JSON.stringify(dataDir)});
       await db.query("INSERT INTO kept VALUES ('from the holder')");
       process.stdout.write('open\\n');
       setInterval(() => {}, 1000);`,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('open')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  return child;
}

describe('the embedded database in a directory', () => {
  it('is opened by one process at a time: a second one is refused with what to do, then opens once the first has gone', async () => {
    const first = await openPglite(dataDir);
    await first.exec('CREATE TABLE kept (what text)');
    await first.close();

    const holder = await holdInAnotherProcess();
    // Two PGlite instances on one directory each keep their own buffers: what the second wrote was lost when
    // the first stopped (an operator's `npm run keys -- rotate` beside a running server said "added", then was gone).
    await expect(openPglite(dataDir)).rejects.toThrow(
      new RegExp(
        `embedded database in ${dataDir.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is in use by process ${holder.pid}`,
      ),
    );

    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.once('exit', resolve));
    // A process that was killed leaves its lock behind: a later start takes it over.
    const again = await openPglite(dataDir);
    try {
      expect((await again.query<{ what: string }>('SELECT what FROM kept')).rows).toEqual([
        { what: 'from the holder' },
      ]);
    } finally {
      await again.close();
    }
  }, 60_000);
});

describe('the lock of the embedded database’s directory', () => {
  const module = new URL('./pglite.ts', import.meta.url).href;

  /** A process that runs the script given with the lock's module imported, and tells its output when it ends. */
  function run(script: string): { child: ChildProcess; output: Promise<string> } {
    const child = spawn(
      process.execPath,
      ['--input-type=module', '-e', `const { lockDataDir } = await import(${JSON.stringify(module)});\n${script}`],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(child);
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    return { child, output: new Promise((resolve) => child.once('exit', () => resolve(out.trim()))) };
  }

  it('is not taken from a process that has created it and not yet written its id', async () => {
    const lockDir = mkdtempSync(path.join(tmpdir(), 'ptib-pglite-lock-'));
    const lockFile = `${path.join(lockDir, 'pglite')}.lock`;
    try {
      // Another process between creating the lock file and writing its id in it: it holds the directory.
      writeFileSync(lockFile, '');
      const ready = path.join(lockDir, 'ready');
      const writer = run(
        `const fs = await import('node:fs');
         fs.writeFileSync(${JSON.stringify(ready)}, '');
         setTimeout(() => fs.writeFileSync(${JSON.stringify(lockFile)}, process.pid + '\\n'), 300);
         setTimeout(() => {}, 60_000);`,
      );
      // Starting Node takes over the poll's default second on a busy machine.
      await expect.poll(() => existsSync(ready), { timeout: 20_000 }).toBe(true);
      expect(() => lockDataDir(path.join(lockDir, 'pglite'))).toThrow(`is in use by process ${writer.child.pid}`);
      writer.child.kill('SIGKILL');
      await writer.output;
    } finally {
      rmSync(lockDir, { recursive: true, force: true });
    }
  });

  it('goes to one of several processes that find a dead one’s lock at once; the others are told who has it', async () => {
    for (let round = 0; round < 12; round++) {
      const lockDir = mkdtempSync(path.join(tmpdir(), 'ptib-pglite-lock-'));
      const dataDir = path.join(lockDir, 'pglite');
      const at = (name: string) => path.join(lockDir, name);
      try {
        writeFileSync(`${dataDir}.lock`, '999999999\n');
        writeFileSync(at('wait'), '');
        const racers = Array.from({ length: 6 }, (_, i) =>
          run(
            `const fs = await import('node:fs');
             fs.writeFileSync(${JSON.stringify(at(`ready${i}`))}, '');
             while (!fs.existsSync(${JSON.stringify(at('go'))})) {}
             let outcome = 'held';
             try { lockDataDir(${JSON.stringify(dataDir)}); } catch (error) { outcome = error.message; }
             fs.writeFileSync(${JSON.stringify(at(`done${i}`))}, outcome);
             // The lock is held until every racer has tried.
             while (fs.existsSync(${JSON.stringify(at('wait'))})) {}`,
          ),
        );
        const all = (prefix: string) => racers.every((_, i) => existsSync(at(`${prefix}${i}`)));
        await expect.poll(() => all('ready'), { timeout: 20_000 }).toBe(true);
        writeFileSync(at('go'), '');
        await expect.poll(() => all('done'), { timeout: 20_000 }).toBe(true);
        const outcomes = racers.map((_, i) => readFileSync(at(`done${i}`), 'utf8'));
        rmSync(at('wait'));
        await Promise.all(racers.map((r) => r.output));
        const holder = racers[outcomes.indexOf('held')]?.child.pid;
        expect(
          outcomes.filter((o) => o === 'held'),
          `round ${round}: ${outcomes.join(' | ')}`,
        ).toHaveLength(1);
        for (const o of outcomes.filter((x) => x !== 'held')) expect(o).toContain(`is in use by process ${holder}`);
      } finally {
        rmSync(lockDir, { recursive: true, force: true });
      }
    }
  }, 120_000);
});
