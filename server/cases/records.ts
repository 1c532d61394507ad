import { SINGAPORE_OFFSET_MS, formatCaseNumber } from '#contract/index.ts';
import { CASE_STATUSES, RECORD_LIST_MAX, applicantStatus, type CaseStatus } from '#contract/cases.ts';
import { LIST_COUNT_CAP } from '#contract/counts.ts';
import { todayInSingapore } from '#contract/forms/validate.ts';
import type { BillState } from '#contract/payments.ts';
import type { CaseDetail, CaseSummary } from '#contract/schemas/eservices.ts';
import type { Queryable } from '../db/database.ts';
import { auditEach, type AuditEntry } from '../auth/audit.ts';
import { SENT_BY_OFFICER } from '../documents/store.ts';
import { eserviceFormQuery, type EserviceFormRow, type EserviceRefusal } from './catalogue.ts';

/**
 * The SQL of e-service records (table cases). Every read and write names the owning profile, so a
 * record of another profile is simply not there. Deleted records keep their row (deleted_at) for the
 * audit trail and their case number.
 */
interface CaseRow {
  id: string;
  app_code: string;
  case_number: string;
  status: CaseStatus;
  version: number;
  data: Record<string, unknown>;
  form_version: number;
  created_at: Date | string;
  updated_at: Date | string;
  submitted_at: Date | string | null;
}

/** What a listed record needs (no values). */
type SummaryRow = Pick<CaseRow, 'id' | 'app_code' | 'case_number' | 'status' | 'version' | 'updated_at'>;

const COLUMNS =
  'id::text AS id, app_code, case_number, status, version, data, form_version, created_at, updated_at, submitted_at';

const iso = (v: Date | string) => new Date(v).toISOString();

/** A record as its applicant reads it: a proposed rejection is still "in review" to them (docs/decisions/0040). */
export function toSummary(row: SummaryRow): CaseSummary {
  return {
    id: row.id,
    appCode: row.app_code,
    caseNumber: row.case_number,
    status: applicantStatus(row.status),
    version: row.version,
    updatedAt: iso(row.updated_at),
  };
}

export function toDetail(row: CaseRow): CaseDetail {
  return {
    ...toSummary(row),
    data: row.data,
    formVersion: row.form_version,
    createdAt: iso(row.created_at),
    submittedAt: row.submitted_at === null ? null : iso(row.submitted_at),
  };
}

/** The year a case number carries: the year in Singapore at that moment. */
export function caseYear(now: Date): number {
  return new Date(now.getTime() + SINGAPORE_OFFSET_MS).getUTCFullYear();
}

export { todayInSingapore as singaporeToday } from '#contract/forms/validate.ts';

export interface NewCase {
  appCode: string;
  profileId: string;
  caseType: string;
  /** The version of the e-service's form the record is filled in under. */
  formVersion: number;
  data: Record<string, unknown>;
  accountId: number;
  now: Date;
  /** The browser's key of the record's first save (createCaseRequestSchema). */
  createKey?: string;
}

/**
 * Inserts a record with a new case number. The number comes from the database sequence, so two
 * servers saving at once never get the same one; the unique index on case_number backs that up.
 */
export async function insertCase(tx: Queryable, c: NewCase): Promise<CaseRow> {
  const { rows: seq } = await tx.query<{ n: string }>(`SELECT nextval('case_search_number_seq')::text AS n`);
  const searchNumber = seq[0]!.n;
  const year = caseYear(c.now);
  const { rows } = await tx.query<CaseRow>(
    `INSERT INTO cases (app_code, profile_id, case_type, search_number, case_year, case_number, status, data,
                        created_by, updated_by, created_at, updated_at, form_version, create_key)
     VALUES ($1, $2, $3, $4::bigint, $5, $6, 'draft', $7::jsonb, $8, $8, $9, $9, $10, $11::uuid)
     RETURNING ${COLUMNS}`,
    [
      c.appCode,
      c.profileId,
      c.caseType,
      searchNumber,
      year,
      formatCaseNumber(c.caseType, searchNumber, year),
      JSON.stringify(c.data),
      c.accountId,
      c.now,
      c.formVersion,
      c.createKey ?? null,
    ],
  );
  return rows[0]!;
}

/** The acting profile's record (not deleted) that the first save with this key made, locked, or null. */
export async function findByCreateKey(
  tx: Queryable,
  profileId: string,
  createKey: string,
): Promise<(CaseRow & { create_key_spent: boolean }) | null> {
  const { rows } = await tx.query<CaseRow & { create_key_spent: boolean }>(
    `SELECT ${COLUMNS}, create_key_spent FROM cases
      WHERE profile_id = $1 AND create_key = $2::uuid AND deleted_at IS NULL FOR UPDATE`,
    [profileId, createKey],
  );
  return rows[0] ?? null;
}

const OWN_CASE = 'id = $1::bigint AND profile_id = $2 AND deleted_at IS NULL';

export async function findCase(db: Queryable, id: string, profileId: string, lock = false): Promise<CaseRow | null> {
  const { rows } = await db.query<CaseRow>(
    `SELECT ${COLUMNS} FROM cases WHERE ${OWN_CASE}${lock ? ' FOR UPDATE' : ''}`,
    [id, profileId],
  );
  return rows[0] ?? null;
}

/**
 * findCase's record with its e-service and the form version it is filled in under, as loadEservice reads
 * them (null when it finds none), in one round trip instead of two.
 */
export async function findCaseWithForm(
  db: Queryable,
  id: string,
  profileId: string,
): Promise<(CaseRow & { eservice: EserviceFormRow | null }) | null> {
  const { rows } = await db.query<CaseRow & { eservice: EserviceFormRow | null }>(
    `SELECT ${COLUMNS},
            (SELECT to_json(f) FROM (${eserviceFormQuery('cases.app_code', 'cases.form_version')}) AS f) AS eservice
       FROM cases WHERE ${OWN_CASE}`,
    [id, profileId],
  );
  return rows[0] ?? null;
}

export type CaseList = { ok: true; rows: SummaryRow[]; total: number } | EserviceRefusal;

/**
 * A profile's latest RECORD_LIST_MAX records of one active e-service, newest first (ties by the numeric id),
 * and how many it has (up to LIST_COUNT_CAP), if the principal's authorizations allow the e-service (the
 * catalogue's rule, catalogue.ts mayUse, asked in SQL as the overview does). One statement: the e-service's
 * row, with the records joined only when it may be used, so a list costs one round trip after the session
 * check, and a refused one reads no record.
 */
export async function listCases(
  db: Queryable,
  profileId: string,
  appCode: string,
  authorizations: readonly string[],
): Promise<CaseList> {
  const { rows } = await db.query<
    { allowed: boolean; total: number } & { [K in keyof SummaryRow]: SummaryRow[K] | null }
  >(
    `SELECT e.authorizations <@ $3::text[] AS allowed, c.id::text AS id, c.app_code, c.case_number, c.status,
            c.version, c.updated_at, n.total
     FROM eservices e
     -- Counted once for the e-service: in the select list the count was a subplan run again for every listed row.
     CROSS JOIN LATERAL (
       SELECT count(*)::int AS total FROM (
         SELECT 1 FROM cases
          WHERE profile_id = $1 AND app_code = e.code AND deleted_at IS NULL AND e.authorizations <@ $3::text[]
          LIMIT $5) AS capped
     ) AS n
     LEFT JOIN LATERAL (
       SELECT id, app_code, case_number, status, version, updated_at FROM cases
       WHERE profile_id = $1 AND app_code = e.code AND deleted_at IS NULL AND e.authorizations <@ $3::text[]
       ORDER BY updated_at DESC, id DESC LIMIT $4
     ) AS c ON true
     WHERE e.code = $2 AND e.active
     ORDER BY c.updated_at DESC, c.id DESC`,
    [profileId, appCode, authorizations, RECORD_LIST_MAX, LIST_COUNT_CAP],
  );
  if (rows.length === 0) return { ok: false, reason: 'unknown' };
  if (!rows[0]!.allowed) return { ok: false, reason: 'not-allowed' };
  return { ok: true, rows: rows.filter((r) => r.id !== null) as SummaryRow[], total: rows[0]!.total };
}

/** One step of a record's status history (table case_status_history), oldest first. */
export interface HistoryRow {
  from_status: CaseStatus | null;
  to_status: CaseStatus;
  changed_at: Date | string;
  message: string | null;
}

/** An officer's request for more information the applicant has not answered yet (table case_info_requests). */
export interface InfoRequestRow {
  message: string;
  requested_at: Date | string;
  fields: string[];
  /** The record's form version, whose labels name the fields. */
  form_version: number;
}

/** A record's bill as its progress reads it; `lapsed`: still owed (in whole or part) past its last payable day. */
export interface ProgressBillRow {
  amount_cents: number | string;
  received_cents: number | string;
  state: BillState;
  due_on: string;
  lapsed: boolean;
  refunded_cents: number | string;
  receipt_number: string | null;
}

/**
 * A bill `b` as ProgressBillRow (a JSON object), `today` the placeholder of Singapore's day (todayInSingapore:
 * the moment's own date is UTC's, a day behind from midnight to 8 a.m. there): read alone or with the overview.
 * Lapsed as the bills' own expiry has it (payments/bills.ts expireDue), which runs when a bill is read.
 */
export const progressBill = (today: string) =>
  `json_build_object('amount_cents', b.amount_cents, 'received_cents', b.received_cents, 'state', b.state,
     'due_on', to_char(b.due_on, 'YYYY-MM-DD'), 'lapsed', b.state IN ('awaiting', 'part_paid') AND b.expires_on < ${today}::date,
     'refunded_cents', b.refunded_cents, 'receipt_number', b.receipt_number)`;

/** How many files an officer sent to the applicant with the decision on the record `caseId` (docs/decisions/0090). */
export const decisionDocumentCount = (caseId: string) =>
  `SELECT count(*)::int FROM documents d WHERE d.case_id = ${caseId} AND ${SENT_BY_OFFICER}`;

/** An approved refund of deposits as its progress reads it: what it pays, and when and how finance paid it. */
export interface ProgressRefundRow {
  amount_cents: number | string;
  paid_out_at: Date | string | null;
  paid_out_note: string | null;
}

/** A refund `r` as ProgressRefundRow (a JSON object): read alone or with the overview. */
export const progressRefund = `json_build_object('amount_cents', r.amount_cents, 'paid_out_at', r.paid_out_at,
  'paid_out_note', r.paid_out_note)`;

/** What a record's progress is made of (progress.ts), read with the record by the dashboard's overview. */
export interface ProgressRows {
  history: HistoryRow[];
  /** Only while the record is rejected. */
  decision_reason: string | null;
  /** Only while more information is requested. */
  request: InfoRequestRow | null;
  /** Its bill, if one was issued. */
  bill: ProgressBillRow | null;
  /** Only while approved: the refund it draws, if it is a refund of deposits (docs/decisions/0088). */
  refund: ProgressRefundRow | null;
  /** Once decided: how many files an officer sent with the decision for the applicant (docs/decisions/0090). */
  documents: number;
}

export interface CasesOverview {
  counts: Record<CaseStatus, number>;
  latest: (SummaryRow & ProgressRows)[];
}

/**
 * A profile's records over the active e-services the principal's authorizations allow (the catalogue's
 * rule, catalogue.ts mayUse), deleted ones left out: how many of each status (every status, zeros too) and
 * the latest few, most recently updated first, each with what its progress is made of (progress.ts).
 *
 * One statement, so the counts and the list come from one snapshot and never disagree, in one round trip.
 * The count reads every record of the profile once (through cases_profile_app_idx). The latest list takes
 * the latest few of each e-service from that index (profile_id, app_code, updated_at DESC) and keeps the
 * latest of those, so it reads at most e-services × latestCount rows however many records the profile has,
 * without an index of its own. Ties are broken by the numeric id.
 */
export async function overviewOfCases(
  db: Queryable,
  profileId: string,
  authorizations: readonly string[],
  latestCount: number,
  /** For a bill's lapse, as the bills' own expiry reads it (payments/bills.ts expireDue). */
  now: Date,
): Promise<CasesOverview> {
  const { rows } = await db.query<{
    counts: { status: CaseStatus; n: number }[];
    latest: CasesOverview['latest'];
  }>(
    `WITH usable AS (
       SELECT coalesce(array_agg(code), '{}') AS codes FROM eservices WHERE active AND authorizations <@ $2::text[]
     ),
     latest AS (
       SELECT c.* FROM unnest((SELECT codes FROM usable)) AS e(code)
       CROSS JOIN LATERAL (
         SELECT id, app_code, case_number, status, version, updated_at, decision_reason, form_version FROM cases
         WHERE profile_id = $1 AND app_code = e.code AND deleted_at IS NULL
         ORDER BY updated_at DESC, id DESC
         LIMIT $3
       ) AS c
       ORDER BY c.updated_at DESC, c.id DESC
       LIMIT $3
     )
     SELECT
       (SELECT coalesce(json_agg(json_build_object('status', status, 'n', n)), '[]')
          FROM (SELECT status, count(*)::int AS n FROM cases
                WHERE profile_id = $1 AND app_code = ANY((SELECT codes FROM usable)::text[]) AND deleted_at IS NULL
                GROUP BY status) AS s) AS counts,
       (SELECT coalesce(json_agg(json_build_object(
                 'id', l.id::text, 'app_code', l.app_code, 'case_number', l.case_number, 'status', l.status,
                 'version', l.version, 'updated_at', l.updated_at,
                 'history', (SELECT coalesce(json_agg(json_build_object(
                                      'from_status', h.from_status, 'to_status', h.to_status,
                                      'changed_at', h.changed_at, 'message', h.message)
                                    ORDER BY h.id), '[]')
                               FROM case_status_history h WHERE h.case_id = l.id),
                 'decision_reason', CASE WHEN l.status = 'rejected' THEN l.decision_reason END,
                 'request', CASE WHEN l.status = 'more_info_requested' THEN (
                              SELECT json_build_object('message', r.message, 'requested_at', r.requested_at,
                                                       'fields', r.fields, 'form_version', l.form_version)
                                FROM case_info_requests r WHERE r.case_id = l.id AND r.answered_at IS NULL
                               ORDER BY r.id DESC LIMIT 1) END,
                 'bill', (SELECT ${progressBill('$4')} FROM bills b WHERE b.case_id = l.id),
                 'refund', CASE WHEN l.status = 'approved' THEN (
                             SELECT ${progressRefund} FROM refunds r WHERE r.case_id = l.id) END,
                 'documents', CASE WHEN l.status IN ('approved', 'rejected') THEN (
                                ${decisionDocumentCount('l.id')}) ELSE 0 END)
               ORDER BY l.updated_at DESC, l.id DESC), '[]')
          FROM latest AS l) AS latest`,
    [profileId, authorizations, latestCount, todayInSingapore(now)],
  );
  const counts = Object.fromEntries(CASE_STATUSES.map((s) => [s, 0])) as Record<CaseStatus, number>;
  for (const { status, n } of rows[0]!.counts) counts[applicantStatus(status)] += n;
  return { counts, latest: rows[0]!.latest };
}

export async function findByCaseNumber(
  db: Queryable,
  profileId: string,
  caseNumber: string,
  appCode?: string,
): Promise<CaseRow[]> {
  const { rows } = await db.query<CaseRow>(
    `SELECT ${COLUMNS} FROM cases
     WHERE profile_id = $1 AND case_number = $2 AND deleted_at IS NULL AND ($3::text IS NULL OR app_code = $3)`,
    [profileId, caseNumber, appCode ?? null],
  );
  return rows;
}

/**
 * Saves new values if the record is still a draft of the version the client opened, and writes `audited`
 * in the audit trail in the same statement (auditEach): both or neither. Null when the record is not.
 */
export async function updateCaseData(
  db: Queryable,
  id: string,
  version: number,
  data: Record<string, unknown>,
  accountId: number,
  now: Date,
  audited: AuditEntry,
  /** A save by the record's id: its first-save key is spent (a first save with it is stale from now on). */
  byId: boolean,
): Promise<CaseRow | null> {
  const params = [id, version, JSON.stringify(data), accountId, now, byId];
  const auditing = auditEach('saved', audited, params.length);
  const { rows } = await db.query<CaseRow>(
    `WITH saved AS (
       UPDATE cases SET data = $3::jsonb, version = version + 1, updated_by = $4, updated_at = $5,
              create_key_spent = create_key_spent OR $6
        WHERE id = $1::bigint AND version = $2 AND status = 'draft' AND deleted_at IS NULL
        RETURNING ${COLUMNS}
     ), audited AS (${auditing.sql})
     SELECT * FROM saved`,
    [...params, ...auditing.params],
  );
  return rows[0] ?? null;
}

export async function markDeleted(tx: Queryable, id: string, accountId: number, now: Date): Promise<void> {
  await tx.query(
    `UPDATE cases SET deleted_at = $3, updated_at = $3, updated_by = $2, version = version + 1 WHERE id = $1::bigint`,
    [id, accountId, now],
  );
}

/** Moves a record to a new status and records the move; the caller has checked the move is allowed. */
export async function setStatus(
  tx: Queryable,
  id: string,
  from: CaseStatus,
  to: CaseStatus,
  actor: { accountId: number | null; name: string },
  now: Date,
  message: string | null = null,
): Promise<CaseRow> {
  const { rows } = await tx.query<CaseRow>(
    `UPDATE cases SET status = $2, version = version + 1, updated_at = $3,
            submitted_at = CASE WHEN $2 = 'submitted' AND submitted_at IS NULL THEN $3 ELSE submitted_at END,
            updated_by = COALESCE($4, updated_by)
     WHERE id = $1::bigint RETURNING ${COLUMNS}`,
    [id, to, now, actor.accountId],
  );
  await tx.query(
    `INSERT INTO case_status_history (case_id, from_status, to_status, changed_at, account_id, actor, message)
     VALUES ($1::bigint, $2, $3, $4, $5, $6, $7)`,
    [id, from, to, now, actor.accountId, actor.name, message],
  );
  return rows[0]!;
}
