import type { FastifyBaseLogger } from 'fastify';
import { auditEach } from '../auth/audit.ts';
import type { Queryable } from '../db/database.ts';
import { ScannerUnavailableError, type Scanner } from './scanner.ts';

/**
 * Files kept not scanned, because no scanner was configured when they were uploaded, are scanned once one
 * is (docs/decisions/0067): every server process with a scanner looks at its start and then every
 * RESCAN_INTERVAL_MS. Almost always there is nothing to scan, read from a partial index (migration 171).
 */
export const RESCAN_INTERVAL_MS = 5 * 60_000;

export interface RescanDeps {
  db: Queryable;
  scanner: Scanner;
  now: () => Date;
  log: FastifyBaseLogger;
  /**
   * Aborted when the process stops: the pass ends after the file in hand, so a stop waits for one scan,
   * not for a whole backlog (which outlasted the server's forced exit).
   */
  signal?: AbortSignal;
}

/** What one pass did: how many files it gave a verdict, and whether the scanner stopped it. */
export interface RescanOutcome {
  clean: number;
  infected: number;
  scannerUnavailable: boolean;
}

interface Waiting {
  id: string;
  case_id: string;
  /** As text: a Date would drop its microseconds, and the walk would find the same file again. */
  uploaded_at: string;
  content: Uint8Array;
}

/** The oldest file still waiting after `after` (the one the pass gave a verdict last), with its bytes. */
async function nextWaiting(db: Queryable, after: Waiting | null): Promise<Waiting | null> {
  const { rows } = await db.query<Waiting>(
    `SELECT id::text AS id, case_id::text AS case_id, uploaded_at::text AS uploaded_at, content FROM documents
      WHERE scan_status = 'not_scanned' ${after ? 'AND (uploaded_at, id) > ($1::timestamptz, $2::uuid)' : ''}
      ORDER BY uploaded_at, id LIMIT 1`,
    after ? [after.uploaded_at, after.id] : [],
  );
  return rows[0] ?? null;
}

/**
 * One pass: scans the waiting files one at a time, oldest first, each outside any transaction (the embedded
 * database has one connection, which a transaction would hold for the whole scan), then records its verdict
 * and its audit entry in one statement. The verdict is written only over 'not_scanned': another process may
 * have scanned the same file meanwhile, which is harmless (the same bytes get the same verdict, and the
 * entry is written once, by whichever process wrote the verdict), so no lease is taken. A file deleted
 * meanwhile is simply not found. The scanner unavailable ends the pass: the rest wait for the next one.
 */
export async function rescanOnce(deps: RescanDeps): Promise<RescanOutcome> {
  const outcome: RescanOutcome = { clean: 0, infected: 0, scannerUnavailable: false };
  // Walked past each file rather than asked again for the oldest: a pass ends even if a verdict was not
  // written (another process's came first), and never scans a file twice.
  let file = await nextWaiting(deps.db, null);
  while (file) {
    let verdict;
    try {
      verdict = await deps.scanner.scan(file.content);
    } catch (error) {
      if (!(error instanceof ScannerUnavailableError)) throw error;
      deps.log.warn(
        { err: error.message },
        'virus scanner unavailable: files kept before it was configured wait for the next scan',
      );
      outcome.scannerUnavailable = true;
      return outcome;
    }
    const status = verdict.clean ? 'clean' : 'infected';
    const entry = auditEach(
      'marked',
      {
        event: 'document_rescanned',
        outcome: verdict.clean ? 'success' : 'failure',
        at: deps.now(),
        detail: {
          caseId: file.case_id,
          documentId: file.id,
          verdict: status,
          ...(verdict.clean ? {} : { signature: verdict.signature }),
        },
      },
      2,
    );
    const { rowCount } = await deps.db.query(
      `WITH marked AS (
         UPDATE documents SET scan_status = $2 WHERE id = $1::uuid AND scan_status = 'not_scanned' RETURNING id)
       ${entry.sql}`,
      [file.id, status, ...entry.params],
    );
    if (rowCount > 0) outcome[status] += 1;
    file = deps.signal?.aborted ? null : await nextWaiting(deps.db, file);
  }
  return outcome;
}

/** How many files wait for a scan (the start banner says so when a scanner is configured). */
export async function countWaiting(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM documents WHERE scan_status = 'not_scanned'`,
  );
  return Number(rows[0]?.n ?? 0);
}

export interface RescanWorker {
  stop(): Promise<void>;
}

/**
 * The rescan every server process with a scanner runs: a pass at once, then every intervalMs, one at a
 * time. A pass that fails (the database) is logged and tried again at the next tick: never the server's end.
 */
export function startRescanWorker(deps: RescanDeps, intervalMs = RESCAN_INTERVAL_MS): RescanWorker {
  let running: Promise<void> | null = null;
  const stopping = new AbortController();
  const pass = () => {
    if (stopping.signal.aborted || running) return;
    running = rescanOnce({ ...deps, signal: stopping.signal })
      .then(
        (outcome) => {
          if (outcome.clean + outcome.infected > 0)
            deps.log.info(outcome, 'files kept before a scanner was configured have been scanned');
        },
        (error: unknown) =>
          deps.log.warn({ err: error instanceof Error ? error.message : String(error) }, 'document rescan failed'),
      )
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(pass, intervalMs);
  timer.unref();
  pass();
  return {
    async stop() {
      stopping.abort();
      clearInterval(timer);
      await running;
    },
  };
}
