import type { Queryable } from './database.ts';

/**
 * Group commit for one kind of statement (docs/decisions/0023-group-commit-and-issued-tokens.md). A call
 * made while none of its kind is in flight runs at once, as the single-row statement; calls made while one
 * is in flight wait for it and then go together, as one multi-row statement. Under load each call costs a
 * share of one statement (on the embedded database: 0.33 ms for one refresh alone, 0.07 ms each for 25
 * together); unloaded, nothing waits. Every caller still gets its answer only once its own row has committed.
 *
 * Hand-written rather than DataLoader: DataLoader batches the calls of one tick and answers equal keys
 * from one load, while group commit batches what arrives during a statement, and every call needs its own
 * answer (the same request sent twice: one is recorded, the other is a replay).
 */
export interface GroupCommitOptions<In, Out> {
  /** The statement for one input. */
  one(input: In): Promise<Out>;
  /** The statement for several inputs (with distinct keys, given key): one answer per input, in order. */
  many(inputs: readonly In[]): Promise<Out[]>;
  /** Inputs with equal keys never share a statement; without it, any inputs may. */
  key?(input: In): string;
  /** The most inputs in one statement. */
  maxBatch?: number;
  /**
   * An error that says the database could not be reached: the batch's callers all get it, as a single call
   * would, rather than each trying again alone (the statement may even have committed before the answer
   * was lost). Any other failure of a batch runs each input alone.
   */
  isOutage?(error: unknown): boolean;
}

interface Waiting<In, Out> {
  input: In;
  resolve(out: Out): void;
  reject(error: unknown): void;
}

const DEFAULT_MAX_BATCH = 100;

export class GroupCommit<In, Out> {
  readonly #options: GroupCommitOptions<In, Out>;
  readonly #maxBatch: number;
  #waiting: Waiting<In, Out>[] = [];
  #running = false;

  constructor(options: GroupCommitOptions<In, Out>) {
    this.#options = options;
    this.#maxBatch = options.maxBatch ?? DEFAULT_MAX_BATCH;
  }

  run(input: In): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.#waiting.push({ input, resolve, reject });
      if (!this.#running) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#running = true;
    try {
      while (this.#waiting.length > 0) await this.#runBatch(this.#takeBatch());
    } finally {
      this.#running = false;
    }
  }

  /** The oldest waiting calls with distinct keys, up to maxBatch; the rest keep their order. */
  #takeBatch(): Waiting<In, Out>[] {
    const { key: keyOf } = this.#options;
    if (!keyOf) return this.#waiting.splice(0, this.#maxBatch);
    const batch: Waiting<In, Out>[] = [];
    const rest: Waiting<In, Out>[] = [];
    const keys = new Set<string>();
    for (const w of this.#waiting) {
      const key = keyOf(w.input);
      if (batch.length < this.#maxBatch && !keys.has(key)) {
        keys.add(key);
        batch.push(w);
      } else {
        rest.push(w);
      }
    }
    this.#waiting = rest;
    return batch;
  }

  async #runBatch(batch: Waiting<In, Out>[]): Promise<void> {
    if (batch.length === 1) return this.#runOne(batch[0]!);
    let outs: Out[];
    try {
      outs = await this.#options.many(batch.map((w) => w.input));
    } catch (error) {
      if (this.#options.isOutage?.(error)) {
        for (const w of batch) w.reject(error);
        return;
      }
      // The statement rolled back as a whole. One input must not fail the others: each goes again on its
      // own, and gets its own error if any.
      for (const w of batch) await this.#runOne(w);
      return;
    }
    if (outs.length !== batch.length) {
      const error = new Error(`group commit: ${outs.length} answers for ${batch.length} inputs`);
      for (const w of batch) w.reject(error);
      return;
    }
    batch.forEach((w, i) => w.resolve(outs[i]!));
  }

  async #runOne(w: Waiting<In, Out>): Promise<void> {
    try {
      w.resolve(await this.#options.one(w.input));
    } catch (error) {
      w.reject(error);
    }
  }
}

/**
 * One GroupCommit per database (or transaction) it runs on, made on first use: the calls that may share a
 * statement are those on the same connection pool or embedded database.
 */
export function groupCommitPer<In, Out>(
  make: (db: Queryable) => GroupCommit<In, Out>,
): (db: Queryable) => GroupCommit<In, Out> {
  const made = new WeakMap<Queryable, GroupCommit<In, Out>>();
  return (db) => {
    let batcher = made.get(db);
    if (!batcher) {
      batcher = make(db);
      made.set(db, batcher);
    }
    return batcher;
  };
}
