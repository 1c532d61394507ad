/**
 * Exports the audit trail: `npm run audit:export -- [--since 2026-11-01] [--until 2026-12-01] [--format jsonl|csv]`.
 * Reads DATABASE_URL (a PostgreSQL server) or the embedded database in DATA_DIR — stop the server
 * first in that case: the embedded database serves one process at a time.
 */
import { parseArgs } from 'node:util';
import { openCommandDatabase } from '../server/db/command-database.ts';
import { exportAudit } from '../server/audit/export.ts';

const USAGE = 'usage: npm run audit:export -- [--since 2026-11-01] [--until 2026-12-01] [--format jsonl|csv]';

function parse() {
  try {
    return parseArgs({
      options: { since: { type: 'string' }, until: { type: 'string' }, format: { type: 'string', default: 'jsonl' } },
    });
  } catch (error) {
    // An unknown option or a missing value: what was wrong and the usage, not Node's stack trace.
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}
const { values } = parse();

function date(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) {
    console.error(`--${name} must be a date, e.g. 2026-11-01`);
    process.exit(2);
  }
  return d;
}

const format = values.format;
if (format !== 'jsonl' && format !== 'csv') {
  console.error('--format must be jsonl or csv');
  process.exit(2);
}
const since = date('since', values.since);
const until = date('until', values.until);
try {
  const db = await openCommandDatabase();
  try {
    const count = await exportAudit(db, { since, until, format }, (chunk) => process.stdout.write(chunk));
    console.error(`${count} audit events exported`);
  } finally {
    await db.close();
  }
} catch (error) {
  // One line that says why (a bad setting, the database unreachable or in use), not a stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
