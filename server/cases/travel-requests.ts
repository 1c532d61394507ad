import { RESPONSE_CODE } from '#contract/index.ts';
import { CASE_STATUS_LABELS, isDecided, normalizeCaseNumber, type CaseStatus } from '#contract/cases.ts';
import {
  allFields,
  formatIsoDate,
  summarise,
  type FieldErrors,
  type FormDefinition,
  type SummaryRow,
} from '#contract/forms/index.ts';
import { OFFICER_MESSAGES, type TravelRequest } from '#contract/officer.ts';
import { PAYMENT_MESSAGES } from '#contract/payments.ts';
import type { TravelAmendment } from '#contract/schemas/eservices.ts';
import {
  NEW_TRIP_FIELDS,
  TRAVEL_APPLICATION_FIELDS as A,
  TRAVEL_ESERVICE,
  TRAVEL_RETURN_ESERVICE,
  TRAVEL_RETURN_FIELDS as R,
  TRAVEL_RETURN_MESSAGES,
  TRAVEL_REQUEST_ACTIONS,
  TRAVEL_REQUEST_ESERVICE,
  TRAVEL_REQUEST_FIELDS as F,
  type TravelRequestAction,
} from '#contract/travel.ts';
import type { Queryable } from '../db/database.ts';
import { notify } from '../notifications/notify.ts';
import { cancelBill } from '../payments/bills.ts';
import { ApiError } from '../plugins/errors.ts';
import { loadEservice } from './catalogue.ts';

/**
 * What an approved request to amend or withdraw a travel application does to it
 * (docs/decisions/0091-an-approved-travel-amendment-acts-on-the-trip.md), and what each side reads of the
 * requests that name an application. The requests are found by the case number they answered, among the
 * records of the application's own profile: the form checked it there (docs/decisions/0034), and a record of
 * another profile naming the same number is no request about this trip.
 */

interface Named {
  profile_id: string;
  case_number: string;
}

interface RequestRow {
  id: string;
  case_number: string;
  status: CaseStatus;
  form_version: number;
  data: Record<string, unknown>;
  submitted_at: Date | string | null;
  approved_at: Date | string | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** A date answer (YYYY-MM-DD), or null when it is not given. */
const dateIn = (data: Record<string, unknown>, name: string) => {
  const value = data[name];
  return typeof value === 'string' && value !== '' ? value : null;
};

const actionOf = (data: Record<string, unknown>): TravelRequestAction | null => {
  const action = data[F.action];
  return (TRAVEL_REQUEST_ACTIONS as readonly unknown[]).includes(action) ? (action as TravelRequestAction) : null;
};

/** The submitted requests of the application's profile that name it, oldest first, with when each was approved. */
async function requestRows(db: Queryable, application: Named): Promise<RequestRow[]> {
  const { rows } = await db.query<RequestRow>(
    `SELECT c.id::text AS id, c.case_number, c.status, c.form_version, c.data, c.submitted_at,
            (SELECT max(h.changed_at) FROM case_status_history h
              WHERE h.case_id = c.id AND h.to_status = 'approved') AS approved_at
       FROM cases c
      WHERE c.profile_id = $1 AND c.app_code = $2 AND c.deleted_at IS NULL AND c.status <> 'draft'
        AND c.data->>$3 = $4
      ORDER BY c.id`,
    [application.profile_id, TRAVEL_REQUEST_ESERVICE, F.caseNumber, application.case_number],
  );
  return rows;
}

/**
 * An amendment's new dates and countries in the words of the applicant's check answers, by the request's own
 * form version; none for a withdrawal, or for an amendment of an early version that kept every detail.
 */
async function newTrip(db: Queryable, row: RequestRow): Promise<SummaryRow[]> {
  if (actionOf(row.data) !== 'amend') return [];
  const loaded = await loadEservice(db, TRAVEL_REQUEST_ESERVICE, null, row.form_version);
  if (!loaded.ok) return [];
  return summarise(loaded.eservice.form, row.data)
    .flatMap((section) => section.rows)
    .filter((r) => NEW_TRIP_FIELDS.includes(r.path.split(/[[.]/)[0]!))
    .map(({ path, label, value }) => ({ path, label, value }));
}

const approvedAmendment = (rows: RequestRow[]) =>
  rows.findLast((r) => r.status === 'approved' && r.approved_at !== null && actionOf(r.data) === 'amend');

/** A travel application's requests, as its officer's case view lists them; none for any other record. */
export async function travelRequestsOf(db: Queryable, record: Named & { app_code: string }): Promise<TravelRequest[]> {
  if (record.app_code !== TRAVEL_ESERVICE) return [];
  const rows = await requestRows(db, record);
  const requests: TravelRequest[] = [];
  // One after another: inside an action's transaction they share its one connection.
  for (const r of rows)
    requests.push({
      id: r.id,
      caseNumber: r.case_number,
      status: r.status,
      action: actionOf(r.data),
      submittedAt: iso(r.submitted_at),
      approvedAt: r.status === 'approved' ? iso(r.approved_at) : null,
      trip: await newTrip(db, r),
    });
  return requests;
}

/** The trip as the latest approved amendment left it, for the application's applicant; null when none did. */
export async function travelAmendmentOf(
  db: Queryable,
  record: Named & { app_code: string; status: CaseStatus },
): Promise<TravelAmendment | null> {
  if (record.app_code !== TRAVEL_ESERVICE || record.status === 'draft') return null;
  const latest = approvedAmendment(await requestRows(db, record));
  if (!latest) return null;
  return { caseNumber: latest.case_number, approvedAt: iso(latest.approved_at)!, trip: await newTrip(db, latest) };
}

/**
 * What an approval's notice of a travel application says of an approved amendment: the request and its new
 * dates, so the traveller reads which trip is permitted. Not the countries: a message carries no more of the
 * answers than it needs (docs/decisions/0042), and the record shows them.
 */
export async function amendedTripFacts(
  db: Queryable,
  record: Named & { app_code: string },
): Promise<Record<string, string>> {
  if (record.app_code !== TRAVEL_ESERVICE) return {};
  const latest = approvedAmendment(await requestRows(db, record));
  if (!latest) return {};
  const departure = dateIn(latest.data, F.departureDate);
  const back = dateIn(latest.data, F.returnDate);
  return {
    amendedBy: latest.case_number,
    ...(departure ? { departureDate: departure } : {}),
    ...(back ? { returnDate: back } : {}),
  };
}

/** The travel application a request names, as the request's officer case view shows it; null for other records. */
export async function travelApplicationOf(
  db: Queryable,
  record: { app_code: string; profile_id: string; data: Record<string, unknown> },
): Promise<{ id: string; caseNumber: string; status: CaseStatus } | null> {
  if (record.app_code !== TRAVEL_REQUEST_ESERVICE) return null;
  const named = record.data[F.caseNumber];
  const caseNumber = typeof named === 'string' ? normalizeCaseNumber(named) : null;
  if (!caseNumber) return null;
  const { rows } = await db.query<{ id: string; case_number: string; status: CaseStatus }>(
    `SELECT id::text AS id, case_number, status FROM cases
      WHERE profile_id = $1 AND app_code = $2 AND case_number = $3 AND deleted_at IS NULL AND status <> 'draft'`,
    [record.profile_id, TRAVEL_ESERVICE, caseNumber],
  );
  const found = rows[0];
  return found ? { id: found.id, caseNumber: found.case_number, status: found.status } : null;
}

/**
 * A travel application is not approved while a request to amend or withdraw it waits (docs/decisions/0114): the
 * applicant would be told "approved" of the trip they asked to change or give up, and the request could then only
 * be rejected (actOnTravelApplication). The officer decides the request first. Answers the request that waits.
 */
export async function waitingTravelRequest(
  db: Queryable,
  application: Named & { app_code: string },
): Promise<{ caseNumber: string; action: TravelRequestAction | null } | null> {
  if (application.app_code !== TRAVEL_ESERVICE) return null;
  const waiting = (await requestRows(db, application)).find((r) => !isDecided(r.status));
  return waiting ? { caseNumber: waiting.case_number, action: actionOf(waiting.data) } : null;
}

/**
 * A return notification (TRT) against the trip it names (docs/decisions/0114): the return is on or after the
 * trip's departure, and one said to have gone as approved is not after an approved trip's return date. The
 * trip's dates are the latest approved amendment's, else the application's own (an amendment acts only once
 * approved, 0091). The application may be undecided or refused (0034): a debtor who travelled regardless still
 * tells of the return, and the officer reads the trip's status beside it. Errors are set on the questions.
 */
export async function checkTravelReturn(
  db: Queryable,
  profileId: string,
  eservice: { code: string; form: FormDefinition },
  answers: Record<string, unknown>,
  errors: FieldErrors,
): Promise<void> {
  if (eservice.code !== TRAVEL_RETURN_ESERVICE || errors[R.caseNumber] || errors[R.returnedOn]) return;
  const named = answers[R.caseNumber];
  const caseNumber = typeof named === 'string' ? normalizeCaseNumber(named) : null;
  const returnedOn = dateIn(answers, R.returnedOn);
  if (!caseNumber || !returnedOn) return;
  const { rows } = await db.query<{ case_number: string; status: CaseStatus; data: Record<string, unknown> }>(
    `SELECT case_number, status, data FROM cases
      WHERE profile_id = $1 AND app_code = $2 AND case_number = $3 AND deleted_at IS NULL AND status <> 'draft'`,
    [profileId, TRAVEL_ESERVICE, caseNumber],
  );
  const application = rows[0];
  if (!application) return;
  const amended = approvedAmendment(await requestRows(db, { profile_id: profileId, case_number: caseNumber }));
  const departure =
    (amended ? dateIn(amended.data, F.departureDate) : null) ?? dateIn(application.data, A.departureDate);
  const back = (amended ? dateIn(amended.data, F.returnDate) : null) ?? dateIn(application.data, A.returnDate);
  const labelOf = (name: string) => allFields(eservice.form).find((f) => f.name === name)?.label ?? name;
  if (departure && returnedOn < departure)
    errors[R.returnedOn] = TRAVEL_RETURN_MESSAGES.beforeDeparture(
      labelOf(R.returnedOn),
      caseNumber,
      formatIsoDate(departure),
    );
  else if (
    application.status === 'approved' &&
    back &&
    returnedOn > back &&
    answers[R.asApproved] === 'Y' &&
    !errors[R.asApproved]
  )
    errors[R.asApproved] = TRAVEL_RETURN_MESSAGES.lateAsApproved(labelOf(R.asApproved), formatIsoDate(back));
}

/** Who approved the request: written in the application's history and its bill's. */
export interface TravelActor {
  accountId: number | null;
  /** As the status history names people (an officer's display name, the operator's). */
  name: string;
  /** As a bill's history names people. */
  loginName: string;
}

/**
 * Approving a request to amend or withdraw a travel application acts on the application, in the approval's
 * transaction, whoever approves it (an officer, or the operator's command). The application's row is locked,
 * so an officer deciding it at the same moment either goes first (and this approval is refused, 409) or waits
 * and finds it withdrawn, or its version moved on by the amendment (stale): nobody decides a trip the
 * traveller has since changed or given up without seeing so.
 *
 * - A withdrawal closes it ('withdrawn'), cancels its bill as a rejection would (docs/decisions/0059), and
 *   tells the applicant.
 * - An amendment leaves its answers as submitted (the acknowledgement's digest covers them) and its status as
 *   it is; the history says so, and both case views show the new trip beside the answers.
 *
 * Answers what it did, for the audit trail; null when the record is no such request, or names no submitted
 * application of its profile (a form of before the check, docs/decisions/0034): nothing to act on.
 */
export async function actOnTravelApplication(
  tx: Queryable,
  request: { app_code: string; case_number: string; profile_id: string; data: Record<string, unknown> },
  actor: TravelActor,
  now: Date,
): Promise<{ caseNumber: string; outcome: 'withdrawn' | 'amended' } | null> {
  if (request.app_code !== TRAVEL_REQUEST_ESERVICE) return null;
  const action = actionOf(request.data);
  const named = request.data[F.caseNumber];
  const caseNumber = typeof named === 'string' ? normalizeCaseNumber(named) : null;
  if (!action || !caseNumber) return null;
  const { rows } = await tx.query<{ id: string; case_number: string; status: CaseStatus }>(
    `SELECT id::text AS id, case_number, status FROM cases
      WHERE profile_id = $1 AND app_code = $2 AND case_number = $3 AND deleted_at IS NULL AND status <> 'draft'
      FOR UPDATE`,
    [request.profile_id, TRAVEL_ESERVICE, caseNumber],
  );
  const application = rows[0];
  if (!application) return null;
  // Decided since the request was made: an approval would tell the applicant their trip was withdrawn or
  // changed while it stays approved (or rejected) as it was.
  if (isDecided(application.status))
    throw new ApiError(
      409,
      RESPONSE_CODE.CONFLICT,
      OFFICER_MESSAGES.travelApplicationDecided(
        request.case_number,
        application.case_number,
        CASE_STATUS_LABELS[application.status].toLowerCase(),
      ),
    );
  const to: CaseStatus = action === 'withdraw' ? 'withdrawn' : application.status;
  // The version moves on for an amendment too: an officer's decision sent from a view of the trip as it was
  // is then stale, and they are shown the trip as amended (docs/decisions/0066's 409 with the case as it is).
  await tx.query(`UPDATE cases SET status = $2, version = version + 1, updated_at = $3 WHERE id = $1::bigint`, [
    application.id,
    to,
    now,
  ]);
  await tx.query(
    `INSERT INTO case_status_history (case_id, from_status, to_status, changed_at, account_id, actor, message)
     VALUES ($1::bigint, $2, $3, $4, $5, $6, $7)`,
    [
      application.id,
      application.status,
      to,
      now,
      actor.accountId,
      actor.name,
      action === 'withdraw'
        ? OFFICER_MESSAGES.history.withdrawnBy(request.case_number)
        : OFFICER_MESSAGES.history.amendedBy(request.case_number),
    ],
  );
  if (action === 'amend') return { caseNumber: application.case_number, outcome: 'amended' };
  await cancelBill(tx, application.id, actor.loginName, now, PAYMENT_MESSAGES.withdrawnReason);
  // A decision the portal must send (docs/decisions/0042): the trip is no longer permitted, whatever the
  // request's own approval notice says of the request.
  await notify(tx, {
    kind: 'decided',
    profileId: request.profile_id,
    caseId: application.id,
    caseNumber: application.case_number,
    facts: { outcome: 'withdrawn', request: request.case_number, at: now.toISOString() },
    at: now,
  });
  return { caseNumber: application.case_number, outcome: 'withdrawn' };
}
