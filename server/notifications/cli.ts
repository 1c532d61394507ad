/**
 * The operator's view of the notification outbox (docs/decisions/0041). It opens the same database the
 * server uses (DATABASE_URL, else PGlite in DATA_DIR: stop the server first).
 *
 *   npm run notifications -- dead          messages given up after the last retry, with their error
 *   npm run notifications -- pending       messages not yet sent
 *   npm run notifications -- retry ID      a dead message gets a new round of retries
 */
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { listOutbox, retryDead } from './operators.ts';

const out = (line: string) => process.stdout.write(`${line}\n`);
const USAGE = 'usage: npm run notifications -- dead | pending | retry ID';

async function main([command, id]: string[]): Promise<number> {
  if ((command !== 'dead' && command !== 'pending' && command !== 'retry') || (command === 'retry' && !id)) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const { db } = await openDatabase(loadConfig());
  try {
    if (command === 'retry') {
      const done = await retryDead(db, id!, new Date());
      out(done ? `${id}: due again` : `${id}: no dead message with this id`);
      return done ? 0 : 1;
    }
    const rows = await listOutbox(db, command);
    if (rows.length === 0) out(`No ${command} messages.`);
    for (const r of rows) {
      const when = new Date(r.dead_at ?? r.next_attempt_at).toISOString();
      out(
        `${r.id}\t${r.channel}\t${r.kind}\t${r.case_number ?? '-'}\tattempts ${r.attempts}\t${when}\t${r.idempotency_key}\t${r.last_error ?? ''}`,
      );
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
