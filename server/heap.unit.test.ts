import { getHeapSpaceStatistics } from 'node:v8';
import { runInNewContext } from 'node:vm';
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
});
