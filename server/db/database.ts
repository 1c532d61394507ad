/**
 * One small query layer over PGlite (embedded) and a PostgreSQL server (pg): both take
 * query(text, params) with $1 placeholders, so every module writes the same SQL for both.
 */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface QueryOptions {
  /**
   * Plan the statement for its values on every call, rather than let PostgreSQL settle on one plan for any
   * values (docs/decisions/0057): for searches whose best plan depends on what is searched for.
   */
  planEachCall?: boolean;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(
    text: string,
    params?: readonly unknown[],
    options?: QueryOptions,
  ): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
