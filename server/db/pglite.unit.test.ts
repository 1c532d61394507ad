import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite.ts';

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
