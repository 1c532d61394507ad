/**
 * Gives back the memory start-up used and no longer needs (docs/decisions/0025-release-start-up-memory.md).
 * Loading ~700 modules, PGlite's 9 MB of WebAssembly and its file-system image leaves each thread's young
 * generation grown to its limit and full of garbage, and V8 keeps those pages until memory runs short,
 * which on an idle server is never. V8's own answer to a low-memory warning, a full collection that also
 * shrinks the young generation and compacts the old one, hands them back: about 18 MB over both threads.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: NodeJS.GCFunction | undefined;

/**
 * V8's collector, without starting Node with --expose-gc (which would hand `gc` to every module as a global):
 * the flag decides only whether a new context gets the function, so it is on for one new context and off
 * again. Node documents setFlagsFromString as unsafe after start for flags that change behaviour under
 * running code; this one is read only when a context is created. The flag is the process's, not the
 * thread's: when both threads get here at once, one can turn it off between the other's on and its
 * context, so a context without `gc` is tried again.
 */
function collector(): NodeJS.GCFunction {
  for (let attempt = 0; !gc && attempt < 100; attempt++) {
    setFlagsFromString('--expose-gc');
    try {
      gc = runInNewContext('typeof gc === "function" ? gc : undefined') as NodeJS.GCFunction | undefined;
    } finally {
      setFlagsFromString('--no-expose-gc');
    }
  }
  if (!gc) throw new Error('V8 did not hand out its garbage collector');
  return gc;
}

/**
 * Runs V8's memory-reducing full collection on the calling thread, synchronously: tens of milliseconds,
 * so only where nothing waits: server/main.ts runs it on both threads before the server listens.
 */
export function releaseUnusedHeap(): void {
  collector()({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
