import type { CatalogueResponse, EserviceDetail, EserviceSummary } from '#contract/schemas/eservices.ts';
import { parseFormDefinition } from '#contract/forms/schema.ts';
import type { Queryable } from '../db/database.ts';
import type { Principal } from '../auth/principal.ts';

/** The e-service catalogue (table eservices): data an operator may change, read on every call. */
interface EserviceRow {
  code: string;
  title: string;
  description: string;
  group_name: string;
  menu: string;
  view_route: string;
  case_type: string;
  authorizations: string[];
}

const COLUMNS = 'code, title, description, group_name, menu, view_route, case_type, authorizations';

/**
 * The hash route that opens an e-service: its view (the generic screen unless the catalogue names another),
 * told which e-service it is, as the site search's view (migration 031) writes it too.
 */
export function hrefFor(row: Pick<EserviceRow, 'code' | 'view_route'>): string {
  return `${row.view_route}?app=${encodeURIComponent(row.code)}`;
}

/**
 * May this principal use the e-service? Every authorization the catalogue lists for it is needed (the
 * dashboard's overview asks the same in SQL: `authorizations <@` the principal's, records.ts).
 */
export function mayUse(row: Pick<EserviceRow, 'authorizations'>, principal: Principal): boolean {
  return row.authorizations.every((a) => principal.authorizations.includes(a));
}

const summary = (row: EserviceRow): EserviceSummary => ({
  code: row.code,
  title: row.title,
  description: row.description,
  group: row.group_name,
  menu: row.menu,
  href: hrefFor(row),
});

/** The active e-services this principal may use, grouped; groups in the order of their first e-service. */
export async function catalogueFor(db: Queryable, principal: Principal): Promise<CatalogueResponse> {
  const { rows } = await db.query<EserviceRow>(
    `SELECT ${COLUMNS} FROM eservices WHERE active ORDER BY sort_order, code`,
  );
  const groups = new Map<string, CatalogueResponse['groups'][number]>();
  for (const row of rows) {
    if (!mayUse(row, principal)) continue;
    let group = groups.get(row.group_name);
    if (!group) groups.set(row.group_name, (group = { name: row.group_name, menu: row.menu, eservices: [] }));
    group.eservices.push(summary(row));
  }
  return { groups: [...groups.values()] };
}

/** Why an e-service may not be used: no such active e-service, or the principal's authorizations lack one. */
export type EserviceRefusal = { ok: false; reason: 'unknown' | 'not-allowed' };

export type Usable = { ok: true } | EserviceRefusal;

/** Whether the principal may use this active e-service, without reading its form (a list of its records). */
export async function usableEservice(db: Queryable, code: string, principal: Principal): Promise<Usable> {
  const { rows } = await db.query<Pick<EserviceRow, 'authorizations'>>(
    'SELECT authorizations FROM eservices WHERE code = $1 AND active',
    [code],
  );
  const row = rows[0];
  if (!row) return { ok: false, reason: 'unknown' };
  return mayUse(row, principal) ? { ok: true } : { ok: false, reason: 'not-allowed' };
}

export type LoadedEservice = { ok: true; eservice: EserviceDetail } | EserviceRefusal;

/** An e-service's row with one version of its form. */
export type EserviceFormRow = EserviceRow & { form_version: number; definition: unknown };

/**
 * The statement that reads an active e-service with one version of its form (an EserviceFormRow), for the
 * e-service and version given as SQL expressions: loadEservice's, and a record's read of its own form
 * (records.ts findCaseWithForm), so both find the same form or none.
 */
export const eserviceFormQuery = (code: string, version: string): string =>
  `SELECT ${COLUMNS.split(', ')
    .map((c) => `e.${c}`)
    .join(', ')}, v.version AS form_version, v.definition
     FROM eservices e
     JOIN eservice_form_versions v ON v.code = e.code AND v.version = ${version}
     WHERE e.code = ${code} AND e.active`;

/**
 * What loadEservice answers for the row it read (none: no such active e-service or form version). A form
 * that does not parse is a data error of the operator's: it throws, and the caller answers 500 with a
 * reference to the log (publishing checks a definition first, server/cases/forms.ts).
 */
export function eserviceOf(row: EserviceFormRow | null | undefined, principal: Principal | null): LoadedEservice {
  if (!row) return { ok: false, reason: 'unknown' };
  if (principal && !mayUse(row, principal)) return { ok: false, reason: 'not-allowed' };
  const form = parseFormDefinition(row.definition, row.title);
  return { ok: true, eservice: { ...summary(row), caseType: row.case_type, formVersion: row.form_version, form } };
}

/**
 * One active e-service with its form, if the principal may use it: the current version of the form
 * (eservice_form_versions at eservices.form_version), or the version asked for (a record's own).
 */
export async function loadEservice(
  db: Queryable,
  code: string,
  /** null: an officer reading a record's form (the back office is not limited by the applicant's authorizations). */
  principal: Principal | null,
  version?: number,
): Promise<LoadedEservice> {
  const { rows } = await db.query<EserviceFormRow>(eserviceFormQuery('$1', 'COALESCE($2::int, e.form_version)'), [
    code,
    version ?? null,
  ]);
  return eserviceOf(rows[0], principal);
}
