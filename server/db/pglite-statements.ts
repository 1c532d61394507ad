import { parse, protocol, type PGlite, type Transaction } from '@electric-sql/pglite';
import type { Queryable, QueryResult } from './database.ts';

type BackendMessage = Parameters<typeof parse.parseResults>[0][number];

interface Statement {
  name: string;
  paramTypes: number[];
  /** What Describe said the rows look like (null: the statement returns none). */
  rowDescription: BackendMessage | null;
}

/** PostgreSQL's "cached plan must not change result type" (a table changed under a prepared SELECT *). */
const FEATURE_NOT_SUPPORTED = '0A000';

const { serialize } = protocol;

/** Statement names are per connection: two of these on one PGlite must not pick the same ones. */
let instances = 0;

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const p of parts) length += p.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * PGlite's query() sends Parse, Describe, Bind, Describe, Execute and Sync as six calls into the WebAssembly
 * engine and plans the statement afresh every time. The same SQL text runs thousands of times here, so each
 * text is parsed once as a named prepared statement, and every later run is one call: Bind, Execute, Sync.
 * Results, parameters and errors are the same as query()'s (its own serializers and parsers).
 *
 * Runs under PGlite's own locks, as its query() does: outside a transaction both the transaction and the
 * query lock (so it never lands inside someone else's transaction), inside one the query lock only.
 */
export class PgliteStatements {
  readonly #pg: PGlite;
  readonly #max: number;
  /** By SQL text; insertion order is recency order. */
  readonly #statements = new Map<string, Statement>();
  #next = 0;
  readonly #prefix: string;

  constructor(pg: PGlite, maxStatements = 300) {
    this.#pg = pg;
    this.#max = maxStatements;
    this.#prefix = `ptib_${(instances += 1)}_`;
  }

  /** Queryable.query outside a transaction. */
  readonly query = <Row>(text: string, params: readonly unknown[] = []): Promise<QueryResult<Row>> =>
    this.#pg._runExclusiveTransaction(() =>
      this.#pg._runExclusiveQuery(async () => {
        const result = await this.#run<Row>(text, params);
        if (!this.#pg.isInTransaction()) await this.#pg.syncToFs();
        return result;
      }),
    );

  /** Runs fn in the transaction `tx`, with queries that go this faster way while it is open. */
  async inTransaction<T>(tx: Transaction, fn: (q: Queryable) => Promise<T>): Promise<T> {
    let open = true;
    const q: Queryable = {
      query: <Row>(text: string, params: readonly unknown[] = []) => {
        if (!open || tx.closed) return Promise.reject(new Error('Transaction is closed'));
        return this.#pg._runExclusiveQuery(() => this.#run<Row>(text, params));
      },
      exec: async (sql: string) => {
        await tx.exec(sql);
      },
    };
    try {
      return await fn(q);
    } finally {
      open = false;
    }
  }

  get size(): number {
    return this.#statements.size;
  }

  async #run<Row>(text: string, params: readonly unknown[], retried = false): Promise<QueryResult<Row>> {
    const statement = await this.#statement(text);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.#pg.serializers[statement.paramTypes[i] ?? 0];
      return serializer ? (serializer(value) as string) : String(value);
    });
    let messages: BackendMessage[];
    try {
      ({ messages } = await this.#pg.execProtocol(
        concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
        { syncToFs: false },
      ));
    } catch (error) {
      if ((error as { code?: unknown }).code === FEATURE_NOT_SUPPORTED) {
        // Prepare it again next time; inside a transaction the error has aborted it, so no retry there.
        this.#statements.delete(text);
        if (!retried && !this.#pg.isInTransaction()) return this.#run(text, params, true);
      }
      throw error;
    }
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    const result = parse.parseResults(described, this.#pg.parsers)[0];
    const rows = (result?.rows ?? []) as Row[];
    return { rows, rowCount: Math.max(result?.affectedRows ?? 0, rows.length) };
  }

  async #statement(text: string): Promise<Statement> {
    const known = this.#statements.get(text);
    if (known) {
      this.#statements.delete(text);
      this.#statements.set(text, known);
      return known;
    }
    while (this.#statements.size >= this.#max) {
      const oldest = this.#statements.keys().next().value;
      if (oldest === undefined) break;
      await this.#forget(oldest);
    }
    const name = `${this.#prefix}${(this.#next += 1)}`;
    const { messages } = await this.#pg.execProtocol(
      concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement: Statement = {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.find((m) => m.name === 'rowDescription') ?? null,
    };
    this.#statements.set(text, statement);
    return statement;
  }

  async #forget(text: string): Promise<void> {
    const statement = this.#statements.get(text);
    if (!statement) return;
    this.#statements.delete(text);
    await this.#pg.execProtocol(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), {
      syncToFs: false,
    });
  }
}
