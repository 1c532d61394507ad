import { getHeapSpaceStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { releaseUnusedHeap } from './heap.ts';

const MB = 1024 * 1024;
const newSpaceSize = () => getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')!.space_size;

/** What loading modules does to the young generation: much allocated, some of it living a while. */
function churn(): void {
  let held: unknown[] = [];
  for (let i = 0; i < 200; i++) {
    held.push(Array.from({ length: 20_000 }, (_, j) => ({ j })));
    if (held.length > 20) held.shift();
  }
  held = [];
}

describe('releaseUnusedHeap', () => {
  it('hands back the young generation that start-up grew', () => {
    churn();
    const grown = newSpaceSize();
    expect(grown).toBeGreaterThanOrEqual(8 * MB);
    releaseUnusedHeap();
    // V8's smallest young generation (1 MB semi-spaces); an ordinary full collection leaves it grown.
    expect(newSpaceSize()).toBeLessThanOrEqual(2 * MB);
  });

  it('can run again, and leaves no gc function behind for other code', () => {
    churn();
    releaseUnusedHeap();
    expect(newSpaceSize()).toBeLessThanOrEqual(2 * MB);
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
    expect(runInNewContext('typeof gc')).toBe('undefined');
  });

  it('works when threads run it at once, though the flag it sets is the whole process’s', async () => {
    // Each thread's first call sets and unsets --expose-gc; one thread's unset used to land between another's
    // set and its context ("gc is not defined"): 1 round in 5 with 4 threads.
    const code = `import(${JSON.stringify(new URL('./heap.ts', import.meta.url).href)}).then((m) => m.releaseUnusedHeap())`;
    for (let round = 0; round < 10; round++) {
      const threads = Array.from({ length: 6 }, () => new Worker(code, { eval: true }));
      const outcomes = await Promise.all(
        threads.map(
          (thread) =>
            new Promise<string>((resolve) => {
              thread.once('error', (error) => resolve(String(error)));
              thread.once('exit', (exitCode) => resolve(`exit ${exitCode}`));
            }),
        ),
      );
      expect(outcomes).toEqual(Array(6).fill('exit 0'));
    }
  }, 60_000);
});
