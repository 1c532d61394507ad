import { describe, expect, it } from 'vitest';
import type { Queryable } from './database.ts';
import { GroupCommit, groupCommitPer } from './group-commit.ts';

/** A statement runner whose statements finish only when the test says so. */
function harness(options: { key?: (n: number) => string; maxBatch?: number; outage?: (e: unknown) => boolean } = {}) {
  const statements: number[][] = [];
  const finish: Array<() => void> = [];
  const fail = new Set<number>();
  const statement = async (inputs: readonly number[]) => {
    statements.push([...inputs]);
    await new Promise<void>((resolve) => finish.push(resolve));
    const bad = inputs.find((n) => fail.has(n));
    if (bad !== undefined) throw Object.assign(new Error(`bad ${bad}`), { code: bad < 0 ? 'OUTAGE' : 'BAD' });
    return inputs.map((n) => n * 10);
  };
  const batcher = new GroupCommit<number, number>({
    one: async (n) => (await statement([n]))[0]!,
    many: statement,
    ...(options.key ? { key: options.key } : {}),
    ...(options.maxBatch ? { maxBatch: options.maxBatch } : {}),
    ...(options.outage ? { isOutage: options.outage } : {}),
  });
  /** Lets every started statement finish, until none is left. */
  const settle = async () => {
    for (let i = 0; i < 100; i += 1) {
      await new Promise((r) => setImmediate(r));
      const next = finish.shift();
      if (!next && finish.length === 0) {
        await new Promise((r) => setImmediate(r));
        if (finish.length === 0) return;
      }
      next?.();
    }
  };
  return { batcher, statements, fail, settle };
}

describe('GroupCommit', () => {
  it('runs a call at once, on its own, when nothing is in flight', async () => {
    const h = harness();
    const answer = h.batcher.run(1);
    expect(h.statements).toEqual([[1]]);
    await h.settle();
    await expect(answer).resolves.toBe(10);
  });

  it('sends the calls made during a statement together, each with its own answer', async () => {
    const h = harness();
    const answers = [1, 2, 3, 4].map((n) => h.batcher.run(n));
    expect(h.statements).toEqual([[1]]);
    await h.settle();
    expect(h.statements).toEqual([[1], [2, 3, 4]]);
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40]);
  });

  it('never puts two calls with the same key in one statement, and keeps the order of the rest', async () => {
    const h = harness({ key: (n) => String(n % 3) });
    const answers = [0, 1, 4, 2, 7, 5].map((n) => h.batcher.run(n));
    await h.settle();
    expect(h.statements).toEqual([[0], [1, 2], [4, 5], [7]]);
    expect(await Promise.all(answers)).toEqual([0, 10, 40, 20, 70, 50]);
  });

  it('holds a statement to maxBatch inputs', async () => {
    const h = harness({ maxBatch: 2 });
    const answers = [1, 2, 3, 4, 5, 6].map((n) => h.batcher.run(n));
    await h.settle();
    expect(h.statements).toEqual([[1], [2, 3], [4, 5], [6]]);
    expect(await Promise.all(answers)).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('runs each input of a failed statement again alone, so one bad input fails only its own call', async () => {
    const h = harness();
    h.fail.add(3);
    const answers = [1, 2, 3, 4].map((n) => h.batcher.run(n).catch((e: Error) => e.message));
    await h.settle();
    expect(h.statements).toEqual([[1], [2, 3, 4], [2], [3], [4]]);
    expect(await Promise.all(answers)).toEqual([10, 20, 'bad 3', 40]);
  });

  it('gives every call of the statement an outage at once, without running them again', async () => {
    const h = harness({ outage: (e) => (e as { code?: string }).code === 'OUTAGE' });
    h.fail.add(-3);
    const answers = [1, 2, -3, 4].map((n) => h.batcher.run(n).catch((e: Error) => e.message));
    await h.settle();
    expect(h.statements).toEqual([[1], [2, -3, 4]]);
    expect(await Promise.all(answers)).toEqual([10, 'bad -3', 'bad -3', 'bad -3']);
  });

  it('is idle again after a batch: the next call runs at once', async () => {
    const h = harness();
    await Promise.all([h.batcher.run(1), h.batcher.run(2), h.settle()]);
    const late = h.batcher.run(3);
    expect(h.statements.at(-1)).toEqual([3]);
    await h.settle();
    await expect(late).resolves.toBe(30);
  });

  it('refuses a statement that answers the wrong number of rows', async () => {
    const batcher = new GroupCommit<number, number>({ one: async (n) => n, many: async () => [1] });
    const answers = [1, 2, 3].map((n) => batcher.run(n).catch((e: Error) => e.message));
    expect(await Promise.all(answers)).toEqual([
      1,
      'group commit: 1 answers for 2 inputs',
      'group commit: 1 answers for 2 inputs',
    ]);
  });

  it('is one per database: calls on the same one share statements, calls on another never do', async () => {
    const made: Queryable[] = [];
    const batcherOf = groupCommitPer<number, number>((db) => {
      made.push(db);
      return new GroupCommit({ one: async (n) => n, many: async (ns) => [...ns] });
    });
    const a = { query: async () => ({ rows: [], rowCount: 0 }), exec: async () => {} } as Queryable;
    const b = { ...a };
    expect(batcherOf(a)).toBe(batcherOf(a));
    expect(batcherOf(b)).not.toBe(batcherOf(a));
    expect(made).toEqual([a, b]);
  });
});
