/**
 * The finance officer's import of a bank statement from the command line, beside the back-office screen:
 *
 *   npm run payments -- import statement.csv [--officer NAME]
 *   npm run payments -- queue
 *
 * The columns are documented in docs/decisions/0046 and shown by docs/samples/bank-statement.csv. Importing
 * the same statement again changes nothing. The import is made as the officer account --officer names (else
 * the shell's user): an enabled one with the role the import screen asks for, or nothing is imported, as a
 * name no account has would be written into the credits' history and the audit trail as a person's. With
 * the embedded database (PGlite) only one process may open the data directory: stop the server first.
 * Against PostgreSQL it runs beside any number of servers.
 */
import { readFileSync } from 'node:fs';
import { PAYMENT_MESSAGES, PAYMENT_TEXT, QUEUE_REASON_LABELS, formatMoney } from '#contract/payments.ts';
import { RECONCILIATION_ROLES } from '#contract/officer.ts';
import { readCommandLine } from '../cli-args.ts';
import { ConfigError } from '../config.ts';
import type { Database } from '../db/database.ts';
import { openCommandDatabase } from '../db/command-database.ts';
import { ApiError } from '../plugins/errors.ts';
import { audit } from '../auth/audit.ts';
import { enabledOfficer } from '../auth/officer.ts';
import { queuedLines, toLine, waitingCount } from './bills.ts';
import { importStatement } from './statement.ts';

const out = (line: string) => process.stdout.write(`${line}\n`);
const err = (line: string) => process.stderr.write(`${line}\n`);

const USAGE = `usage: npm run payments -- import STATEMENT.csv [--officer NAME]
       npm run payments -- queue
NAME is your login name as a finance officer; without it, the shell's user.`;

/** What the command line asks for, read and checked (read) before the database is opened. */
export interface PaymentsCommand {
  command: 'import' | 'queue';
  /** The statement's file name, for the audit trail (import). */
  file?: string | undefined;
  /** The login name the import is made as. */
  officer: string;
}

/** The command, its file and the officer, wherever `--officer` stands; null when they do not make sense. */
function read(argv: string[]): PaymentsCommand | null {
  const line = readCommandLine(argv, 'officer', 'finance officer');
  if (!line) return null;
  const [command, file, ...rest] = line.words;
  if (rest.length > 0) return null;
  if (command === 'import' && file) return { command, file, officer: line.actor };
  if (command === 'queue' && !file) return { command, officer: line.actor };
  return null;
}

/**
 * Runs the command on an open database, `csv` being the statement's text (import): the exit status. An
 * import is made as the enabled officer `officer` names, holding a role the back office's import screen
 * asks for: its credits' history and its audit row are that account's; any other name is refused with one
 * line, and nothing is imported.
 */
export async function runPayments(
  db: Database,
  { command, file, officer }: PaymentsCommand,
  csv: string,
  now: Date,
  print: (line: string) => void,
  printError: (line: string) => void,
): Promise<number> {
  if (command === 'import') {
    const account = await enabledOfficer(db, officer);
    if (!account) {
      printError(PAYMENT_MESSAGES.commandOfficerUnknown(officer));
      return 1;
    }
    if (!RECONCILIATION_ROLES.some((r) => account.roles.includes(r))) {
      printError(PAYMENT_MESSAGES.commandRoleRequired(account.loginName, RECONCILIATION_ROLES.join(' or ')));
      return 1;
    }
    const report = await importStatement(db, csv, account.loginName, now);
    await audit(db, {
      event: 'statement_import',
      at: now,
      accountId: account.accountId,
      loginName: account.loginName,
      detail: { fileName: file, via: 'command', ...report },
    });
    print(
      `${report.credits} credits: ${report.settled} settled, ${report.queued} queued, ${report.alreadyImported} already imported; ${report.ignored} debits ignored`,
    );
    return 0;
  }
  const lines = (await queuedLines(db)).map(toLine);
  // Said, not left blank: an empty answer reads as a command that did nothing (docs/decisions/0117).
  if (lines.length === 0) print(PAYMENT_TEXT.queueEmpty);
  for (const line of lines)
    print(
      `${line.id}\t${line.transactionId}\t${formatMoney(line.amountCents)}\t${line.reference}\t${line.queueReason ? QUEUE_REASON_LABELS[line.queueReason] : ''}`,
    );
  const waiting = await waitingCount(db);
  if (waiting > lines.length) printError(PAYMENT_TEXT.queueShown(lines.length, waiting));
  return 0;
}

async function main(argv: string[]): Promise<number> {
  const args = read(argv);
  if (!args) {
    err(USAGE);
    return 2;
  }
  // Read before the database is opened: a wrong path is said at once, and changes nothing.
  const csv = args.command === 'import' ? readFileSync(args.file!, 'utf8') : '';
  const db = await openCommandDatabase();
  try {
    return await runPayments(db, args, csv, new Date(), out, err);
  } finally {
    await db.close();
  }
}

if (import.meta.main)
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
