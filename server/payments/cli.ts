/**
 * The finance officer's import of a bank statement from the command line, beside the back-office screen:
 *
 *   npm run payments -- import statement.csv [--officer NAME]
 *   npm run payments -- queue
 *
 * The columns are documented in docs/decisions/0046 and shown by docs/samples/bank-statement.csv. Importing
 * the same statement again changes nothing. With the embedded database (PGlite) only one process may open
 * the data directory: stop the server first. Against PostgreSQL it runs beside any number of servers.
 */
import { readFileSync } from 'node:fs';
import { PAYMENT_TEXT, QUEUE_REASON_LABELS, formatMoney } from '#contract/payments.ts';
import { readCommandLine } from '../cli-args.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/open.ts';
import { ApiError } from '../plugins/errors.ts';
import { audit } from '../auth/audit.ts';
import { queuedLines, toLine, waitingCount } from './bills.ts';
import { importStatement } from './statement.ts';

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

const USAGE = `usage: npm run payments -- import STATEMENT.csv [--officer NAME]
       npm run payments -- queue`;

/** The command, its file and the officer, wherever `--officer` stands; null when they do not make sense. */
function read(argv: string[]) {
  const line = readCommandLine(argv, 'officer', 'finance officer');
  if (!line) return null;
  const [command, file, ...rest] = line.words;
  const fits = rest.length === 0 && ((command === 'import' && file) || (command === 'queue' && !file));
  return fits ? { command, file, officer: line.actor } : null;
}

async function main(argv: string[]): Promise<number> {
  const args = read(argv);
  if (!args) {
    err(USAGE);
    return 2;
  }
  const { command, file, officer } = args;
  // Read before the database is opened: a wrong path is said at once, and changes nothing.
  const csv = command === 'import' ? readFileSync(file!, 'utf8') : '';
  const { db } = await openDatabase(loadConfig());
  try {
    if (command === 'import') {
      const now = new Date();
      const report = await importStatement(db, csv, officer, now);
      await audit(db, {
        event: 'statement_import',
        at: now,
        loginName: officer,
        detail: { fileName: file, ...report },
      });
      out(
        `${report.credits} credits: ${report.settled} settled, ${report.queued} queued, ${report.alreadyImported} already imported; ${report.ignored} debits ignored`,
      );
      return 0;
    }
    const lines = (await queuedLines(db)).map(toLine);
    for (const line of lines)
      out(
        `${line.id}\t${line.transactionId}\t${formatMoney(line.amountCents)}\t${line.reference}\t${line.queueReason ? QUEUE_REASON_LABELS[line.queueReason] : ''}`,
      );
    const waiting = await waitingCount(db);
    if (waiting > lines.length) err(PAYMENT_TEXT.queueShown(lines.length, waiting));
    return 0;
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message =
      error instanceof ApiError || error instanceof ConfigError || error instanceof Error
        ? error.message
        : String(error);
    err(message);
    process.exit(1);
  },
);
