/**
 * Exports the audit trail: `npm run audit:export -- [--since 2026-11-01] [--until 2026-12-01] [--format jsonl|csv]`,
 * the days and times Singapore's (docs/decisions/0103). Reads DATABASE_URL (a PostgreSQL server) or the embedded
 * database in DATA_DIR — stop the server first in that case: the embedded database serves one process at a time.
 */
import { parseArgs } from 'node:util';
import { openCommandDatabase } from '../server/db/command-database.ts';
import { singaporeTime } from '#contract/singapore.ts';
import { exportAudit, exportBound } from '../server/audit/export.ts';

const USAGE = `usage: npm run audit:export -- [--since 2026-11-01] [--until 2026-12-01] [--format jsonl|csv]
--since and --until are Singapore days (2026-11-01: from 00:00 Singapore time) or times (2026-11-01T09:30,
Singapore time unless a zone follows: Z, +00:00); --until's moment is left out. occurredAt is in UTC (…Z).`;

function parse() {
  try {
    return parseArgs({
      options: {
        since: { type: 'string' },
        until: { type: 'string' },
        format: { type: 'string', default: 'jsonl' },
        help: { type: 'boolean' },
      },
    });
  } catch (error) {
    // An unknown option or a missing value: what was wrong and the usage, not Node's stack trace.
    console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
    process.exit(2);
  }
}
const { values } = parse();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

function date(name: string, value: string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const d = exportBound(value);
  if (!d) {
    console.error(`--${name} must be a Singapore date or time, e.g. 2026-11-01 or 2026-11-01T09:30`);
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
    const from = since ? ` from ${singaporeTime(since)}` : '';
    const to = until ? ` until ${singaporeTime(until)}` : '';
    console.error(`${count} audit events exported${from}${to}${since || until ? ' (Singapore time)' : ''}`);
  } finally {
    await db.close();
  }
} catch (error) {
  // One line that says why (a bad setting, the database unreachable or in use), not a stack trace.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
}
