/**
 * One small query layer over PGlite (embedded) and a PostgreSQL server (pg): both take
 * query(text, params) with $1 placeholders, so every module writes the same SQL for both.
 */
export interface QueryResult<Row> {
  rows: Row[];
  rowCount: number;
}

export interface Queryable {
  query<Row = Record<string, unknown>>(text: string, params?: readonly unknown[]): Promise<QueryResult<Row>>;
  /** Runs a script of several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

/** What a LISTEN reports: each notification's payload, and whether notifications are reaching it. */
export interface ListenHandlers {
  onNotify(payload: string): void;
  /**
   * false: the listener lost its connection, so notifications may be missed from now on; true: it is
   * listening again (anything sent while it was away is lost).
   */
  onLive(live: boolean): void;
}

export interface NotificationListener {
  /** Listening now: every notification committed from now on will reach onNotify. */
  readonly live: boolean;
  /**
   * Resolves once every notification committed before this call has been handed to onNotify; rejects
   * when the listener is not live. A caller that reads something notifications invalidate awaits it
   * first, so a change committed elsewhere before its request arrived is never missed.
   */
  caughtUp(): Promise<void>;
  close(): Promise<void>;
}

export interface Database extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel (a plain lower-case identifier). Optional: a database without it (a test
   * double) leaves whatever relies on notifications to go to the database every time.
   */
  listen?(channel: string, handlers: ListenHandlers): Promise<NotificationListener>;
  close(): Promise<void>;
}
