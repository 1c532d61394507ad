/**
 * The operator's view of the notification outbox (docs/decisions/0041). It opens the same database the
 * server uses (DATABASE_URL, else PGlite in DATA_DIR: stop the server first).
 *
 *   npm run notifications -- dead          messages given up after the last retry, with their error
 *   npm run notifications -- pending       messages not yet sent
 *   npm run notifications -- retry ID      a dead message gets a new round of retries
 */
import { ConfigError } from '../config.ts';
import { openCommandDatabase } from '../db/command-database.ts';
import { cappedCount } from '#contract/counts.ts';
import { OUTBOX_LIST_MAX, countOutbox, listOutbox, retryDead } from './operators.ts';

const out = (line: string) => process.stdout.write(`${line}\n`);
const USAGE = 'usage: npm run notifications -- dead | pending | retry ID';

/** Whether argv is one of the commands as the usage gives them (checked before the database is opened). */
function wellFormed([command, id, ...rest]: string[]): boolean {
  if (rest.length > 0) return false;
  if (command === 'dead' || command === 'pending') return id === undefined;
  // An outbox id is a number: anything else reached the database as a bigint and came back as SQL's error.
  return command === 'retry' && id !== undefined && /^[0-9]{1,18}$/.test(id);
}

async function main(argv: string[]): Promise<number> {
  const [command, id] = argv;
  if (!wellFormed(argv)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const db = await openCommandDatabase();
  try {
    if (command === 'retry') {
      const done = await retryDead(db, id!, new Date());
      out(done ? `${id}: due again` : `${id}: no dead message with this id`);
      return done ? 0 : 1;
    }
    const which = command as 'dead' | 'pending';
    const rows = await listOutbox(db, which);
    if (rows.length === 0) out(`No ${command} messages.`);
    for (const r of rows) {
      const when = new Date(r.dead_at ?? r.next_attempt_at).toISOString();
      out(
        `${r.id}\t${r.channel}\t${r.kind}\t${r.case_number ?? '-'}\tattempts ${r.attempts}\t${when}\t${r.idempotency_key}\t${r.last_error ?? ''}`,
      );
    }
    if (rows.length === OUTBOX_LIST_MAX) {
      const total = await countOutbox(db, which);
      if (total > rows.length) out(`Listed the oldest ${rows.length} of ${cappedCount(total)} ${command} messages.`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof ConfigError ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
