import { RESPONSE_CODE, isEmpty } from '#contract/index.ts';
import { CASE_STATUS_LABELS, isDecided, type CaseStatus } from '#contract/cases.ts';
import { OFFICER_SCREEN_TEXT } from '#contract/officerScreens.ts';
import {
  NOT_PROVIDED,
  allFields,
  answersToKeep,
  describeAnswer,
  fieldsOf,
  formatFileSize,
  holds,
  isBlank,
  isRecord,
  summarise,
  visibility,
  type FieldDef,
} from '#contract/forms/index.ts';
import {
  OFFICER_MESSAGES,
  type AnswerChange,
  type HistoryEntry,
  type InfoRequest,
  type OfficerAction,
  type OfficerBill,
  type OfficerCase,
  type OfficerDecisionDocument,
} from '#contract/officer.ts';
import type { ScanStatus } from '#contract/documents.ts';
import type { BillState } from '#contract/payments.ts';
import type { Queryable } from '../db/database.ts';
import { loadEservice } from '../cases/catalogue.ts';
import { singaporeToday } from '../cases/records.ts';
import { travelApplicationOf, travelRequestsOf } from '../cases/travel-requests.ts';
import { ApiError } from '../plugins/errors.ts';
import type { Officer } from '../auth/officer.ts';
import { SENT_TO_OFFICERS } from '../documents/store.ts';
import { REFUND_SUMS, toRefunds, type RefundSumsRow } from '../payments/bills.ts';

/**
 * A submitted record as the back office reads it (docs/decisions/0040). Drafts are the applicant's alone:
 * the back office never sees one.
 */
export interface OfficerCaseRow {
  id: string;
  case_number: string;
  app_code: string;
  eservice_title: string;
  applicant_name: string;
  profile_id: string;
  status: CaseStatus;
  version: number;
  form_version: number;
  data: Record<string, unknown>;
  submitted_at: Date | string | null;
  updated_at: Date | string;
  due_on: string | null;
  paused_on: string | null;
  assigned_to: string | number | null;
  assigned_name: string | null;
  proposed_reason: string | null;
  proposed_by: string | number | null;
  proposed_by_name: string | null;
  decision_reason: string | null;
}

export const OFFICER_CASE_COLUMNS = `c.id::text AS id, c.case_number, c.app_code, e.title AS eservice_title,
  p.ptib_name AS applicant_name, c.profile_id, c.status, c.version, c.form_version, c.data, c.submitted_at,
  c.updated_at, to_char(c.due_on, 'YYYY-MM-DD') AS due_on, to_char(c.paused_on, 'YYYY-MM-DD') AS paused_on,
  c.assigned_to, o.display_name AS assigned_name, c.proposed_reason, c.proposed_by,
  pb.display_name AS proposed_by_name, c.decision_reason`;

export const OFFICER_CASE_FROM = `cases c
  JOIN eservices e ON e.code = c.app_code
  JOIN ptib_profiles p ON p.id = c.profile_id
  LEFT JOIN officers o ON o.account_id = c.assigned_to
  LEFT JOIN officers pb ON pb.account_id = c.proposed_by`;

/** Statuses whose due date runs (a decided case has none; a case waiting for the applicant is paused). */
export const RUNNING_STATUSES: readonly CaseStatus[] = ['submitted', 'in_review', 'rejection_proposed'];

export const caseNotFound = () => new ApiError(404, RESPONSE_CODE.NOT_FOUND, OFFICER_MESSAGES.caseNotFound);

export async function findOfficerCase(db: Queryable, id: string, lock = false): Promise<OfficerCaseRow | null> {
  if (lock) {
    // Lock alone, then read in a statement of its own. A joined SELECT ... FOR UPDATE OF c that waited for
    // another officer's transaction re-reads only the case row: the joined names (who it is assigned to)
    // stay as they were before the wait, so the loser of a race would be shown the case with a blank
    // assignee. A new statement under READ COMMITTED sees everything the winner committed.
    const locked = await db.query(
      `SELECT 1 FROM cases WHERE id = $1::bigint AND deleted_at IS NULL AND status <> 'draft' FOR UPDATE`,
      [id],
    );
    if (locked.rows.length === 0) return null;
  }
  const { rows } = await db.query<OfficerCaseRow>(
    `SELECT ${OFFICER_CASE_COLUMNS} FROM ${OFFICER_CASE_FROM}
      WHERE c.id = $1::bigint AND c.deleted_at IS NULL AND c.status <> 'draft'`,
    [id],
  );
  return rows[0] ?? null;
}

const iso = (v: Date | string) => new Date(v).toISOString();
const num = (v: string | number | null) => (v === null ? null : Number(v));

export const isOverdue = (status: CaseStatus, dueOn: string | null, today: string) =>
  dueOn !== null && RUNNING_STATUSES.includes(status) && dueOn < today;

const isCaseWorker = (o: Officer) => o.roles.includes('officer') || o.roles.includes('supervisor');
const isSupervisor = (o: Officer) => o.roles.includes('supervisor');

/**
 * Why this officer may not take this action on the case now, or null when they may. The role and four-eyes
 * refusals are 403 (PTACC-951, like every refusal of a role); a move the status does not allow is 409.
 */
export function refusalOf(row: OfficerCaseRow, officer: Officer, action: OfficerAction): ApiError | null {
  const forbidden = (reason: string) => new ApiError(403, 'PTACC-951', reason);
  const conflict = (reason: string) => new ApiError(409, RESPONSE_CODE.CONFLICT, reason);
  if (!isCaseWorker(officer)) return forbidden(OFFICER_MESSAGES.roleRequired('officer or supervisor'));
  const mine = num(row.assigned_to) === officer.accountId;
  const label = CASE_STATUS_LABELS[row.status].toLowerCase();
  const notNow = conflict(OFFICER_MESSAGES.actionNotAllowed(action, label));
  switch (action) {
    case 'addNote':
      return null;
    case 'assignToMe':
      if (row.status !== 'submitted')
        return row.assigned_to !== null ? conflict(OFFICER_MESSAGES.alreadyAssigned) : notNow;
      return null;
    case 'assign':
      if (!isSupervisor(officer)) return forbidden(OFFICER_MESSAGES.roleRequired('supervisor'));
      return ['submitted', 'in_review', 'more_info_requested'].includes(row.status) ? null : notNow;
    case 'release':
      if (row.status !== 'in_review') return notNow;
      return mine || isSupervisor(officer) ? null : conflict(OFFICER_MESSAGES.notAssignedToYou);
    case 'approve':
    case 'proposeRejection':
    case 'requestInfo':
      if (row.status !== 'in_review') return notNow;
      return mine ? null : conflict(OFFICER_MESSAGES.notAssignedToYou);
    case 'approveRejection':
    case 'returnRejection':
      if (!isSupervisor(officer)) return forbidden(OFFICER_MESSAGES.roleRequired('supervisor'));
      if (row.status !== 'rejection_proposed') return notNow;
      if (action === 'approveRejection' && num(row.proposed_by) === officer.accountId)
        return forbidden(OFFICER_MESSAGES.fourEyes);
      return null;
  }
}

/**
 * Why this officer may not attach a file to the case's decision now (docs/decisions/0090), or null when they
 * may: whoever may take the decision the case waits for, the officer it is assigned to while in review (who
 * may approve it, or propose a rejection with a letter), the supervisor of a proposed rejection.
 */
export function attachRefusal(row: OfficerCaseRow, officer: Officer): ApiError | null {
  const refusal = refusalOf(row, officer, row.status === 'rejection_proposed' ? 'approveRejection' : 'approve');
  // The decision's own words ("Approve" is not possible …) would not say why a file cannot be attached.
  if (refusal?.statusCode === 409 && row.status !== 'in_review' && row.status !== 'rejection_proposed')
    return new ApiError(
      409,
      RESPONSE_CODE.CONFLICT,
      OFFICER_MESSAGES.attachNotNow(CASE_STATUS_LABELS[row.status].toLowerCase()),
    );
  return refusal;
}

/** An officer's files of the case waiting for its decision (decision_id NULL), as `d`; $1 is the case. */
export const WAITING_FOR_DECISION = `d.case_id = $1::bigint AND d.origin = 'officer' AND d.decision_id IS NULL`;

/** The officers' files of the case, for its view: each decision's in its order, then those still waiting. */
async function decisionDocumentsOf(db: Queryable, caseId: string): Promise<OfficerDecisionDocument[]> {
  const { rows } = await db.query<{
    id: string;
    file_name: string;
    media_type: string;
    size_bytes: number;
    sha256: string;
    scan_status: ScanStatus;
    uploaded_at: Date | string;
    attached_by: string | null;
    sent_at: Date | string | null;
  }>(
    `SELECT d.id::text AS id, d.file_name, d.media_type, d.size_bytes, d.sha256, d.scan_status, d.uploaded_at,
            o.display_name AS attached_by, h.changed_at AS sent_at
       FROM documents d
       LEFT JOIN officers o ON o.account_id = d.uploaded_by
       LEFT JOIN case_status_history h ON h.id = d.decision_id
      WHERE d.case_id = $1::bigint AND d.origin = 'officer'
      ORDER BY h.id NULLS LAST, d.uploaded_at, d.id`,
    [caseId],
  );
  return rows.map((r) => ({
    id: r.id,
    fileName: r.file_name,
    mediaType: r.media_type,
    sizeBytes: Number(r.size_bytes),
    sha256: r.sha256,
    scanStatus: r.scan_status,
    attachedAt: iso(r.uploaded_at),
    attachedBy: r.attached_by ?? '',
    sentAt: r.sent_at === null ? null : iso(r.sent_at),
  }));
}

const ACTIONS_IN_ORDER: readonly OfficerAction[] = [
  'assignToMe',
  'assign',
  'release',
  'approve',
  'proposeRejection',
  'requestInfo',
  'approveRejection',
  'returnRejection',
  'addNote',
];

export const allowedActions = (row: OfficerCaseRow, officer: Officer) =>
  ACTIONS_IN_ORDER.filter((a) => refusalOf(row, officer, a) === null);

/** Deep equality of two stored answers (JSON values: key order of objects does not matter). */
export function sameAnswer(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => sameAnswer(v, bb[i]));
  }
  const ka = Object.keys(a as object).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
  const kb = Object.keys(b as object).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
  return (
    ka.length === kb.length &&
    ka.every((k) => sameAnswer((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

/** Parts of an address or an amount the form fills in before anything is typed: alone they answer nothing. */
const PRESET_PARTS = new Set(['country', 'currency']);

/**
 * An answer not given, however it is stored: left out, null, '' or no files and rows ([]), or an address or
 * an amount with nothing typed in it (its country or currency is preset). A record sent without its optional
 * answers is answered from the portal's form, which sends them empty: no change.
 */
const given = (answer: unknown) =>
  isEmpty(answer) ||
  (Array.isArray(answer) && answer.length === 0) ||
  (isRecord(answer) && Object.entries(answer).every(([part, value]) => PRESET_PARTS.has(part) || isBlank(value)))
    ? null
    : answer;

/** The questions whose answers differ between two submissions. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => !sameAnswer(given(before[n]), given(after[n])));
}

/** The case view: the frozen answers, documents, history, notes, requests, what changed, allowed actions. */
export async function caseView(db: Queryable, row: OfficerCaseRow, officer: Officer, now: Date): Promise<OfficerCase> {
  const loaded = await loadEservice(db, row.app_code, null, row.form_version);
  const fields = loaded.ok ? allFields(loaded.eservice.form) : [];
  const fieldOf = (name: string) => fields.find((f) => f.name === name);
  const labelOf = (name: string) => fieldOf(name)?.label ?? name;
  // In the form's order (jsonb keeps an object's keys in an order of its own).
  const order = (name: string) => {
    const i = fields.findIndex((f) => f.name === name);
    return i === -1 ? fields.length : i;
  };
  // One after another: inside an action's transaction they share its one connection, where pg only queues
  // them (and warns it will stop); on the pool, five connections for one view cost more than they save.
  const documents = await db.query<{
    id: string;
    field_name: string;
    file_name: string;
    media_type: string;
    size_bytes: number;
    uploaded_at: Date | string;
  }>(
    // A file no scanner has passed stays hidden from officers (docs/decisions/0037). The applicant's files:
    // those officers attach for the applicant are listed apart (decisionDocuments, 0090).
    `SELECT d.id::text AS id, d.field_name, d.file_name, d.media_type, d.size_bytes, d.uploaded_at FROM documents d
      WHERE d.case_id = $1::bigint AND d.origin = 'applicant' AND d.scan_status = 'clean' AND ${SENT_TO_OFFICERS}
      ORDER BY d.uploaded_at, d.id`,
    [row.id],
  );
  // Counted, so the officer reads that files are held back rather than that none were uploaded.
  const unscanned = await db.query<{ n: string }>(
    `SELECT count(*)::text AS n FROM documents d
      WHERE d.case_id = $1::bigint AND d.origin = 'applicant' AND d.scan_status <> 'clean' AND ${SENT_TO_OFFICERS}`,
    [row.id],
  );
  // Who moved it, by name: an officer by the display name the move was written with, an applicant by their
  // profile's name (the row's actor is their login name), a master user as acting for the case's profile.
  // A move with no account (the operator's command line) keeps the name it was written with.
  const history = await db.query<{
    from_status: CaseStatus | null;
    to_status: CaseStatus;
    changed_at: Date | string;
    actor: string;
    message: string | null;
    person: string | null;
    for_profile: boolean | null;
  }>(
    `SELECT h.from_status, h.to_status, h.changed_at, h.actor, h.message,
            CASE WHEN o.account_id IS NULL THEN ap.ptib_name END AS person,
            a.profile_id <> c.profile_id AS for_profile
       FROM case_status_history h
       JOIN cases c ON c.id = h.case_id
       LEFT JOIN officers o ON o.account_id = h.account_id
       LEFT JOIN accounts a ON a.id = h.account_id
       LEFT JOIN ptib_profiles ap ON ap.id = a.profile_id
      WHERE h.case_id = $1::bigint ORDER BY h.id`,
    [row.id],
  );
  const mover = (h: (typeof history.rows)[number]) =>
    h.person === null
      ? h.actor
      : h.for_profile
        ? OFFICER_SCREEN_TEXT.actingFor(h.person, row.applicant_name)
        : h.person;
  const notes = await db.query<{ id: string; created_at: Date | string; author: string; body: string }>(
    // The table's id: `id` alone is the text, by which note 100 comes before note 99.
    'SELECT id::text AS id, created_at, author, body FROM case_notes WHERE case_id = $1::bigint ORDER BY case_notes.id',
    [row.id],
  );
  const requests = await infoRequestRows(db, row.id);
  const decisionDocuments = await decisionDocumentsOf(db, row.id);
  const today = singaporeToday(now);
  const bill = await db.query<BillFactsRow>(`SELECT ${BILL_FACTS} FROM bills b WHERE b.case_id = $1::bigint`, [
    row.id,
    today,
  ]);
  const refund = await db.query<BillFactsRow & { case_number: string; title: string; drawn_cents: string }>(
    `SELECT ${BILL_FACTS}, c.case_number, e.title, r.amount_cents::text AS drawn_cents
       FROM refunds r JOIN bills b ON b.id = r.bill_id JOIN cases c ON c.id = b.case_id
       JOIN eservices e ON e.code = c.app_code
      WHERE r.case_id = $1::bigint`,
    [row.id, today],
  );
  // Attachments read as their file names, like the applicant's check answers and acknowledgement.
  const fileNames = Object.fromEntries(
    documents.rows.map((d) => [d.id, `${d.file_name} (${formatFileSize(Number(d.size_bytes))})`] as const),
  );
  const travelRequests = await travelRequestsOf(db, row);
  const lastAnswered = [...requests].reverse().find((r) => r.answers_after !== null);
  // Answers stored before amounts had one normal form (" 150.25 ") are compared in it, as the resubmission was.
  const normal = (answers: Record<string, unknown>) =>
    loaded.ok ? answersToKeep(loaded.eservice.form, answers) : answers;
  const changes: AnswerChange[] = lastAnswered
    ? changedFields(normal(lastAnswered.answers_before), lastAnswered.answers_after!)
        .sort((a, b) => order(a) - order(b))
        .map((field) => ({
          field,
          label: labelOf(field),
          before: lastAnswered.answers_before[field] ?? null,
          after: lastAnswered.answers_after![field] ?? null,
          beforeText: answerText(fieldOf(field), lastAnswered.answers_before[field], fileNames),
          afterText: answerText(fieldOf(field), lastAnswered.answers_after![field], fileNames),
        }))
    : [];
  // A question the answers hide is asked of the applicant only once the answers that hide it change: the
  // officer reads which, as the request opens them too (withDependents, docs/decisions/0040).
  const scope = loaded.ok ? visibility(loaded.eservice.form, row.data) : null;
  const questions = loaded.ok
    ? [...fieldsOf(loaded.eservice.form)].map(({ field, section }) => ({
        name: field.name,
        label: field.label,
        type: field.type,
        hiddenBy:
          scope === null || scope.shown.has(field.name)
            ? []
            : [...new Set([section.showIf, field.showIf].flatMap((c) => (c && !holds(c, scope) ? [c.field] : [])))],
      }))
    : [];
  return {
    id: row.id,
    caseNumber: row.case_number,
    appCode: row.app_code,
    eserviceTitle: row.eservice_title,
    applicantName: row.applicant_name,
    profileId: row.profile_id,
    status: row.status,
    version: row.version,
    formVersion: row.form_version,
    submittedAt: row.submitted_at === null ? null : iso(row.submitted_at),
    dueDate: RUNNING_STATUSES.includes(row.status) || row.status === 'more_info_requested' ? row.due_on : null,
    overdue: isOverdue(row.status, row.due_on, today),
    assignedTo:
      row.assigned_to === null ? null : { accountId: Number(row.assigned_to), displayName: row.assigned_name ?? '' },
    answers: row.data,
    questions,
    answerRows: loaded.ok
      ? summarise(loaded.eservice.form, row.data, fileNames).flatMap((section) => section.rows)
      : Object.entries(row.data).map(([name, value]) => ({
          path: name,
          label: name,
          value: answerText(undefined, value, fileNames),
        })),
    documents: documents.rows.map((d) => ({
      id: d.id,
      fieldName: d.field_name,
      fileName: d.file_name,
      mediaType: d.media_type,
      sizeBytes: Number(d.size_bytes),
      uploadedAt: iso(d.uploaded_at),
    })),
    unscannedDocuments: Number(unscanned.rows[0]?.n ?? 0),
    decisionDocuments,
    history: history.rows.map((h): HistoryEntry => ({
      from: h.from_status,
      to: h.to_status,
      at: iso(h.changed_at),
      by: mover(h),
      message: h.message,
    })),
    notes: notes.rows.map((n) => ({ id: n.id, at: iso(n.created_at), by: n.author, text: n.body })),
    infoRequests: requests.map((r) => toInfoRequest(r, labelOf)),
    changes,
    proposedRejection:
      row.status === 'rejection_proposed' && row.proposed_by !== null
        ? { reason: row.proposed_reason ?? '', by: row.proposed_by_name ?? '', byAccountId: Number(row.proposed_by) }
        : null,
    decisionReason: row.decision_reason,
    bill: bill.rows[0] ? officerBill(bill.rows[0]) : null,
    refundOf: refund.rows[0]
      ? {
          caseNumber: refund.rows[0].case_number,
          eserviceTitle: refund.rows[0].title,
          bill: officerBill(refund.rows[0]),
          drawnCents: Number(refund.rows[0].drawn_cents),
        }
      : null,
    travelRequests,
    travelApplication: await travelApplicationOf(db, row),
    // Not offered while a request about the trip waits: the approval would be refused (docs/decisions/0114).
    allowedActions: allowedActions(row, officer).filter(
      (a) => a !== 'approve' || !travelRequests.some((r) => !isDecided(r.status)),
    ),
  };
}

/**
 * A bill's facts for the case view (bills as b; $2 is today in Singapore). One still awaiting past its last
 * payable day reads as expired, as the payer's own view has it: the view does not write to expire it.
 */
const BILL_FACTS = `b.reference, b.amount_cents::text AS amount_cents, b.received_cents::text AS received_cents,
  b.refunded_cents::text AS refunded_cents, ${REFUND_SUMS}, b.receipt_number, b.settled_at,
  CASE WHEN b.state = 'awaiting' AND b.expires_on < $2::date THEN 'expired' ELSE b.state END AS state`;

interface BillFactsRow extends RefundSumsRow {
  reference: string;
  amount_cents: string;
  received_cents: string;
  refunded_cents: string;
  receipt_number: string | null;
  settled_at: Date | string | null;
  state: BillState;
}

const officerBill = (b: BillFactsRow): OfficerBill => ({
  reference: b.reference,
  amountCents: Number(b.amount_cents),
  receivedCents: Number(b.received_cents),
  refundedCents: Number(b.refunded_cents),
  refunds: toRefunds(b),
  state: b.state,
  receiptNumber: b.receipt_number,
  settledAt: b.settled_at === null ? null : iso(b.settled_at),
});

/**
 * One answer of a changed question as people read it: a repeating group row by row, each answer as the
 * applicant's check answers words it; a question the form no longer knows, as plainly as its value allows.
 */
function answerText(field: FieldDef | undefined, value: unknown, fileNames: Record<string, string>): string {
  if (field?.type === 'group') {
    const rows = Array.isArray(value) ? value : [];
    if (rows.length === 0) return NOT_PROVIDED;
    return rows
      .map((row, i) => {
        const values = isRecord(row) ? row : {};
        const parts = field.fields.map((c) => `${c.label}: ${describeAnswer(c, values[c.name], fileNames)}`);
        return `${field.itemLabel} ${i + 1}: ${parts.join(', ')}`;
      })
      .join('; ');
  }
  if (field) return describeAnswer(field, value, fileNames);
  if (value === undefined || value === null || value === '') return NOT_PROVIDED;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export interface InfoRequestRow {
  id: string;
  requested_by: string;
  message: string;
  fields: string[];
  requested_at: Date | string;
  answers_before: Record<string, unknown>;
  answers_after: Record<string, unknown> | null;
  answered_at: Date | string | null;
}

export async function infoRequestRows(db: Queryable, caseId: string): Promise<InfoRequestRow[]> {
  const { rows } = await db.query<InfoRequestRow>(
    `SELECT id::text AS id, requested_by, message, fields, requested_at, answers_before, answers_after, answered_at
       FROM case_info_requests WHERE case_id = $1::bigint ORDER BY case_info_requests.id`,
    [caseId],
  );
  return rows;
}

export function toInfoRequest(r: InfoRequestRow, labelOf: (name: string) => string): InfoRequest {
  return {
    id: r.id,
    requestedAt: iso(r.requested_at),
    requestedBy: r.requested_by,
    message: r.message,
    fields: r.fields,
    fieldLabels: r.fields.map(labelOf),
    answeredAt: r.answered_at === null ? null : iso(r.answered_at),
  };
}
