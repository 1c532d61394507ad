import { RESPONSE_CODE } from '#contract/index.ts';
import { addDays, isRealDate, todayInSingapore } from '#contract/forms/validate.ts';
import { withoutDirectionOverrides } from '#contract/validation.ts';
import {
  PAYMENT_MESSAGES,
  STATEMENT_COLUMNS,
  STATEMENT_VALUE_DAYS_AHEAD,
  parseMoney,
  type ImportReport,
} from '#contract/payments.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../plugins/errors.ts';
import { expireDue, reconcileCredits, type Credit } from './bills.ts';

/**
 * Rows of a CSV file (RFC 4180: quoted fields may hold commas, quotes doubled, line breaks), each with the line
 * of the file it starts on, as an editor numbers them: a blank line or a line break inside quotes does not
 * make the lines after it be named wrongly.
 */
export function parseCsv(text: string): Array<{ line: number; cells: string[] }> {
  const rows: Array<{ line: number; cells: string[] }> = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  // Just past a closing quote: only a comma, the end of the line or blanks may follow ("1"00 is no amount).
  let closed = false;
  let line = 1;
  let start = 1;
  const input = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    // \r\n, \n or a lone \r ends a line of the file, in quotes or not.
    const lineBreak = ch === '\n' || (ch === '\r' && input[i + 1] !== '\n');
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') {
        quoted = false;
        closed = true;
      } else field += ch;
      if (lineBreak) line++;
    } else if (closed && !/[,\r\n \t]/.test(ch))
      throw new ApiError(
        400,
        RESPONSE_CODE.BAD_REQUEST,
        PAYMENT_MESSAGES.badStatement(start, PAYMENT_MESSAGES.afterQuote),
      );
    else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      closed = false;
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      closed = false;
      if (ch === '\r' && input[i + 1] === '\n') i++;
      row.push(field);
      rows.push({ line: start, cells: row });
      row = [];
      field = '';
      line++;
      start = line;
    } else field += ch;
  }
  if (quoted)
    throw new ApiError(400, RESPONSE_CODE.BAD_REQUEST, PAYMENT_MESSAGES.badStatement(start, 'a quote is not closed'));
  if (field !== '' || row.length > 0) {
    row.push(field);
    rows.push({ line: start, cells: row });
  }
  return rows.filter((r) => !(r.cells.length === 1 && r.cells[0]!.trim() === ''));
}

/** The columns a credit's line must reach; its reference and payer's name may be empty or left off. */
const NEEDED = ['transaction_id', 'value_date', 'type', 'amount', 'currency'] as const;

/**
 * The credits of a statement (docs/samples/bank-statement.csv, columns in contract STATEMENT_COLUMNS). A
 * line that cannot be read refuses the whole file with its line number: half a statement imported is
 * worse than none, and the file is fixed and imported again.
 */
export function readStatement(text: string, today: string): { credits: Credit[]; ignored: number } {
  // A credit is value-dated the day it is received or a few days on (a weekend, a holiday), never months ahead.
  const latest = addDays(today, STATEMENT_VALUE_DAYS_AHEAD);
  // Read by the command line too, not only through the API's text check (server/plugins/text-input.ts).
  const [header, ...body] = parseCsv(withoutDirectionOverrides(text) as string);
  const names = (header?.cells ?? []).map((h) => h.trim().toLowerCase());
  const missing = STATEMENT_COLUMNS.filter((c) => !names.includes(c));
  if (missing.length > 0) throw new ApiError(400, RESPONSE_CODE.BAD_REQUEST, PAYMENT_MESSAGES.missingColumns(missing));
  // Two columns of one name: which of them holds the amount is a guess, and a wrong guess imports quietly.
  const twice = STATEMENT_COLUMNS.filter((c) => names.indexOf(c) !== names.lastIndexOf(c));
  if (twice.length > 0) throw new ApiError(400, RESPONSE_CODE.BAD_REQUEST, PAYMENT_MESSAGES.repeatedColumns(twice));
  const col = Object.fromEntries(STATEMENT_COLUMNS.map((c) => [c, names.indexOf(c)])) as Record<
    (typeof STATEMENT_COLUMNS)[number],
    number
  >;
  const credits: Credit[] = [];
  const seen = new Set<string>();
  let ignored = 0;
  body.forEach(({ line, cells }) => {
    const bad = (why: string) => new ApiError(400, RESPONSE_CODE.BAD_REQUEST, PAYMENT_MESSAGES.badStatement(line, why));
    const get = (name: (typeof STATEMENT_COLUMNS)[number]) => (cells[col[name]] ?? '').trim();
    // A comma outside quotes splits a field in two and moves every field after it: "1,234.50" unquoted in a
    // last amount column would be read as S$1.00. Empty fields past the header's are an export's trailing
    // commas, and harmless.
    if (cells.slice(names.length).some((cell) => cell.trim() !== ''))
      throw bad(PAYMENT_MESSAGES.extraFields(cells.length, names.length));
    const type = get('type').toUpperCase();
    // A line that ends before a field a credit needs: said so, not as that field being wrong. Its reference and
    // payer may be left off at the end (an export that drops empty fields), and a debit is not read.
    if (type !== 'DR' && NEEDED.some((name) => col[name] >= cells.length))
      throw bad(PAYMENT_MESSAGES.fewerFields(cells.length, names.length));
    if (type === 'DR') {
      ignored++;
      return;
    }
    if (type !== 'CR') throw bad('type must be CR or DR');
    const transactionId = get('transaction_id');
    if (!/^[A-Za-z0-9._/-]{1,64}$/.test(transactionId)) throw bad(PAYMENT_MESSAGES.badTransactionId);
    if (seen.has(transactionId)) throw bad(`transaction_id ${transactionId} appears twice`);
    seen.add(transactionId);
    const valueDate = get('value_date');
    // A day the calendar has: Date.parse rolls 2026-02-30 over to March, and the database then refuses it.
    if (!isRealDate(valueDate)) throw bad('value_date must be a date like 2026-11-25');
    if (valueDate > latest) throw bad(PAYMENT_MESSAGES.valueDateAhead(latest));
    if (get('currency').toUpperCase() !== 'SGD') throw bad('currency must be SGD');
    const amountCents = parseMoney(get('amount'));
    if (amountCents === null || amountCents <= 0)
      throw bad('amount must be dollars and cents above zero, like 1234.50');
    const reference = get('reference');
    const payerName = get('payer_name');
    if (reference.length > 140 || payerName.length > 140)
      throw bad('reference and payer_name must be 140 characters at most');
    credits.push({ transactionId, valueDate, amountCents, reference, payerName });
  });
  return { credits, ignored };
}

/** Imports a statement in one transaction; importing it again finds every transaction id known. */
export async function importStatement(db: Database, csv: string, actor: string, now: Date): Promise<ImportReport> {
  const { credits, ignored } = readStatement(csv, todayInSingapore(now));
  // Counted in the transaction and kept only once it commits: a deadlock runs it again (server/db/postgres.ts).
  const counts = await db.transaction(async (tx) => {
    await expireDue(tx, now);
    return reconcileCredits(tx, credits, actor, now);
  });
  return { credits: credits.length, ...counts, ignored };
}
