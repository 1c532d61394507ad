import type { Database } from '../db/database.ts';
import { applyEntry, entryProblems, type EntryInput } from './entries.ts';

/**
 * The court's file of register changes (docs/decisions/0044): CSV with this header line, one entry per row,
 * each row the whole of the entry as it stands now. Aliases are separated by "|". Fields with a comma, a quote
 * or a line break are quoted, a quote doubled inside them.
 */
export const IMPORT_COLUMNS = [
  'case_number',
  'party_kind',
  'id_number',
  'name',
  'aliases',
  'proceeding',
  'status',
  'filed_on',
  'status_on',
  'administrator',
] as const;

export interface ImportReport {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Rows not applied: their line in the file and why. */
  rejected: Array<{ line: number; problems: string[] }>;
}

/** CSV records with the line each starts on (RFC 4180; a quoted field may span lines). */
export function parseCsv(text: string): Array<{ line: number; fields: string[] }> {
  const records: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let any = false;
  const body = text.replace(/^\uFEFF/, '');
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"' && body[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"') {
      quoted = true;
      any = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      any = true;
    } else if (ch === '\r') continue;
    else if (ch === '\n') {
      if (any || field !== '') records.push({ line: start, fields: [...fields, field] });
      fields = [];
      field = '';
      any = false;
      line++;
      start = line;
    } else {
      field += ch;
      any = true;
    }
  }
  if (any || field !== '') records.push({ line: start, fields: [...fields, field] });
  return records;
}

function toEntry(fields: string[]): EntryInput {
  const get = (name: (typeof IMPORT_COLUMNS)[number]) => (fields[IMPORT_COLUMNS.indexOf(name)] ?? '').trim();
  return {
    caseNumber: get('case_number').toUpperCase().replace(/\s+/g, ' '),
    partyKind: get('party_kind').toLowerCase() as EntryInput['partyKind'],
    idNumber: get('id_number').toUpperCase(),
    name: get('name'),
    aliases: get('aliases')
      .split('|')
      .map((a) => a.trim())
      .filter(Boolean),
    proceeding: get('proceeding'),
    status: get('status'),
    filedOn: get('filed_on'),
    statusOn: get('status_on'),
    administrator: get('administrator'),
  };
}

/**
 * Applies a file of changes: bad rows are reported with their line numbers and left out, good rows are
 * applied together in one transaction. Each row sets the entry to what it says, so importing the same file
 * again changes nothing.
 */
export async function importRegisterCsv(db: Database, text: string, now: Date): Promise<ImportReport> {
  const report: ImportReport = { inserted: 0, updated: 0, unchanged: 0, rejected: [] };
  const [header, ...rows] = parseCsv(text);
  const names = header?.fields.map((f) => f.trim().toLowerCase()) ?? [];
  if (names.join(',') !== IMPORT_COLUMNS.join(',')) {
    report.rejected.push({
      line: header?.line ?? 1,
      problems: [`the first line must be: ${IMPORT_COLUMNS.join(',')}`],
    });
    return report;
  }
  const good: EntryInput[] = [];
  for (const row of rows) {
    if (row.fields.length !== IMPORT_COLUMNS.length) {
      report.rejected.push({
        line: row.line,
        problems: [`expected ${IMPORT_COLUMNS.length} fields, found ${row.fields.length}`],
      });
      continue;
    }
    const entry = toEntry(row.fields);
    const problems = entryProblems(entry);
    if (problems.length > 0) report.rejected.push({ line: row.line, problems });
    else good.push(entry);
  }
  // Counted in the transaction and kept only once it commits: a deadlock runs it again (server/db/postgres.ts).
  const counts = await db.transaction(async (tx) => {
    const counted = { inserted: 0, updated: 0, unchanged: 0 };
    for (const entry of good) counted[await applyEntry(tx, entry, now, 'import')] += 1;
    return counted;
  });
  return Object.assign(report, counts);
}
