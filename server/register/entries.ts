import {
  PROCEEDINGS,
  REGISTER_CASE_NUMBER,
  foldName,
  isProceeding,
  proceedingLabel,
  statusLabel,
  type PartyKind,
  type RegisterChange,
  type RegisterResult,
} from '#contract/register.ts';
import { isNricFin, isUen } from '#contract/forms/sg.ts';
import type { Queryable } from '../db/database.ts';
import { notify } from '../notifications/notify.ts';

/** One register entry as the import and officers give it, and as it is stored. */
export interface EntryInput {
  caseNumber: string;
  partyKind: PartyKind;
  idNumber: string;
  name: string;
  aliases: string[];
  proceeding: string;
  status: string;
  filedOn: string;
  statusOn: string;
  administrator: string;
}

export interface EntryRow {
  case_number: string;
  party_kind: PartyKind;
  id_number: string;
  name: string;
  aliases: string[];
  proceeding: string;
  status: string;
  filed_on: string;
  status_on: string;
  administrator: string;
  version: number;
  updated_at: Date | string;
}

/** Dates come back as text (to_char), so PGlite and a server answer alike. */
export const ENTRY_COLUMNS = `e.case_number, e.party_kind, e.id_number, e.name, e.aliases, e.proceeding, e.status,
  to_char(e.filed_on, 'YYYY-MM-DD') AS filed_on, to_char(e.status_on, 'YYYY-MM-DD') AS status_on,
  e.administrator, e.version, e.updated_at`;

export function toResult(row: EntryRow): RegisterResult {
  return {
    caseNumber: row.case_number,
    partyKind: row.party_kind,
    idNumber: row.id_number,
    name: row.name,
    aliases: row.aliases,
    proceeding: row.proceeding,
    proceedingLabel: proceedingLabel(row.proceeding),
    status: row.status,
    statusLabel: statusLabel(row.proceeding, row.status),
    filedOn: row.filed_on,
    statusOn: row.status_on,
    administrator: row.administrator,
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isDate = (value: string) =>
  ISO_DATE.test(value) &&
  !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
  new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** Why an entry cannot be stored, in words an operator can act on; empty when it can. */
export function entryProblems(entry: EntryInput): string[] {
  const problems: string[] = [];
  if (!REGISTER_CASE_NUMBER.test(entry.caseNumber))
    problems.push(`case number "${entry.caseNumber}" is not like BS 001234 2024`);
  if (entry.partyKind !== 'individual' && entry.partyKind !== 'entity')
    problems.push(`party kind "${String(entry.partyKind)}" is not individual or entity`);
  else if (entry.partyKind === 'individual' && !isNricFin(entry.idNumber))
    problems.push(`"${entry.idNumber}" is not a valid NRIC or FIN`);
  else if (entry.partyKind === 'entity' && !isUen(entry.idNumber))
    problems.push(`"${entry.idNumber}" is not a valid UEN`);
  if (!entry.name.trim()) problems.push('the name is missing');
  else if (entry.name.length > 200) problems.push('the name is longer than 200 characters');
  if (entry.aliases.some((a) => !a.trim() || a.length > 200)) problems.push('an alias is empty or too long');
  if (!isProceeding(entry.proceeding))
    problems.push(`proceeding "${entry.proceeding}" is not one of ${Object.keys(PROCEEDINGS).join(', ')}`);
  else if (!Object.hasOwn(PROCEEDINGS[entry.proceeding].statuses, entry.status))
    problems.push(
      `status "${entry.status}" is not one of ${Object.keys(PROCEEDINGS[entry.proceeding].statuses).join(', ')} for ${entry.proceeding}`,
    );
  if (!isDate(entry.filedOn)) problems.push(`filed on "${entry.filedOn}" is not a date (YYYY-MM-DD)`);
  if (!isDate(entry.statusOn)) problems.push(`status on "${entry.statusOn}" is not a date (YYYY-MM-DD)`);
  else if (isDate(entry.filedOn) && entry.statusOn < entry.filedOn) problems.push('status on is before filed on');
  if (!entry.administrator.trim()) problems.push('the trustee or official assignee is missing');
  return problems;
}

/** The names an entry is found by, folded, without repeats. */
const foldedNames = (entry: Pick<EntryInput, 'name' | 'aliases'>) => [
  ...new Set([entry.name, ...entry.aliases].map(foldName).filter(Boolean)),
];

export type ApplyOutcome = 'inserted' | 'updated' | 'unchanged';

/**
 * Stores an entry as given: a new case is added, a known one changed only where it differs (so a repeated
 * import changes nothing, not even the version). A change tells every follower of the case, in the same
 * transaction (docs/decisions/0044).
 */
export async function applyEntry(
  tx: Queryable,
  entry: EntryInput,
  now: Date,
  change: RegisterChange,
): Promise<ApplyOutcome> {
  const values = [
    entry.caseNumber,
    entry.partyKind,
    entry.idNumber,
    entry.name.trim(),
    entry.aliases.map((a) => a.trim()),
    entry.proceeding,
    entry.status,
    entry.filedOn,
    entry.statusOn,
    entry.administrator.trim(),
    now,
  ];
  const { rows } = await tx.query<{ inserted: boolean }>(
    `INSERT INTO register_entries AS e (case_number, party_kind, id_number, name, aliases, proceeding, status,
                                        filed_on, status_on, administrator, updated_at)
     VALUES ($1, $2, $3, $4, $5::text[], $6, $7, $8::date, $9::date, $10, $11)
     ON CONFLICT (case_number) DO UPDATE SET
       party_kind = EXCLUDED.party_kind, id_number = EXCLUDED.id_number, name = EXCLUDED.name,
       aliases = EXCLUDED.aliases, proceeding = EXCLUDED.proceeding, status = EXCLUDED.status,
       filed_on = EXCLUDED.filed_on, status_on = EXCLUDED.status_on, administrator = EXCLUDED.administrator,
       version = e.version + 1, updated_at = EXCLUDED.updated_at
     WHERE (e.party_kind, e.id_number, e.name, e.aliases, e.proceeding, e.status, e.filed_on, e.status_on, e.administrator)
       IS DISTINCT FROM
           (EXCLUDED.party_kind, EXCLUDED.id_number, EXCLUDED.name, EXCLUDED.aliases, EXCLUDED.proceeding,
            EXCLUDED.status, EXCLUDED.filed_on, EXCLUDED.status_on, EXCLUDED.administrator)
     RETURNING (xmax = 0) AS inserted`,
    values,
  );
  if (rows.length === 0) return 'unchanged';
  await tx.query('DELETE FROM register_names WHERE case_number = $1', [entry.caseNumber]);
  await tx.query('INSERT INTO register_names (case_number, party_kind, folded) SELECT $1, $2, unnest($3::text[])', [
    entry.caseNumber,
    entry.partyKind,
    foldedNames(entry),
  ]);
  await tx.query('INSERT INTO register_name_keys (folded) SELECT unnest($1::text[]) ON CONFLICT DO NOTHING', [
    foldedNames(entry),
  ]);
  if (rows[0]!.inserted) return 'inserted';
  const followers = await tx.query<{ profile_id: string }>(
    'SELECT profile_id FROM register_watchlist WHERE case_number = $1 ORDER BY profile_id',
    [entry.caseNumber],
  );
  for (const { profile_id } of followers.rows)
    await notify(tx, {
      kind: 'watchedCaseChanged',
      profileId: profile_id,
      caseNumber: entry.caseNumber,
      facts: { change },
    });
  return 'updated';
}

/** The stored entry of a case number, or null. */
export async function findEntry(db: Queryable, caseNumber: string): Promise<EntryRow | null> {
  const { rows } = await db.query<EntryRow>(
    `SELECT ${ENTRY_COLUMNS} FROM register_entries e WHERE e.case_number = $1`,
    [caseNumber],
  );
  return rows[0] ?? null;
}

export const toInput = (row: EntryRow): EntryInput => ({
  caseNumber: row.case_number,
  partyKind: row.party_kind,
  idNumber: row.id_number,
  name: row.name,
  aliases: row.aliases,
  proceeding: row.proceeding,
  status: row.status,
  filedOn: row.filed_on,
  statusOn: row.status_on,
  administrator: row.administrator,
});
