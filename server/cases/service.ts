import { FORBIDDEN_CODE, RESPONSE_CODE } from '#contract/index.ts';
import {
  CASE_MESSAGES,
  CASE_STATUS_LABELS,
  MAX_OPEN_DRAFTS,
  canMove,
  isDecided,
  isEditable,
  normalizeCaseNumber,
  type CaseStatus,
} from '#contract/cases.ts';
import {
  FIELD_MESSAGES,
  SUMMARY_MESSAGE,
  allFields,
  answersToKeep,
  withDependents,
  errorList,
  hasErrors,
  validate,
  type FieldErrors,
  type FormValues,
  type ValidationMode,
} from '#contract/forms/index.ts';
import type { CaseDetail, EserviceDetail, RecordList } from '#contract/schemas/eservices.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Principal } from '../auth/principal.ts';
import { enabledOfficer } from '../auth/officer.ts';
import { audit, byPrincipal } from '../auth/audit.ts';
import { ApiError, badRequest } from '../plugins/errors.ts';
import { checkTravelReturn } from './travel-requests.ts';
import { eserviceOf, loadEservice, usableEservice, type EserviceRefusal } from './catalogue.ts';
import { deleteUnsentDocuments, unknownAttachments, withUnseenAttachments } from '../documents/references.ts';
import { deleteDocumentsOfCase } from '../documents/store.ts';
import { submissionDigest } from '../pdf/acknowledgement.ts';
import { REFUND_ESERVICE, REFUND_FIELDS } from '#contract/payments.ts';
import { OWN_SCREEN_CODES } from '#contract/register.ts';
import { drawRefund, issueBill, rebill, redrawRefund } from '../payments/bills.ts';
import { resumeDue, setDueOnSubmission } from '../officer/due.ts';
import { changedFields, findOfficerCase } from '../officer/cases.ts';
import { takeAction } from '../officer/actions.ts';
import { OFFICER_MESSAGES } from '#contract/officer.ts';
import { notify, type NotificationEvent } from '../notifications/notify.ts';
import {
  findByCaseNumber,
  findByCreateKey,
  findCase,
  findCaseWithForm,
  insertCase,
  listCases,
  markDeleted,
  setStatus,
  singaporeToday,
  toDetail,
  toSummary,
  updateCaseData,
} from './records.ts';

/**
 * What the record calls do, whoever calls them (routes, the operator CLI): the rules of ownership,
 * editing, versions and workflow, with an audit event for each change. Every case belongs to the
 * acting profile of the principal that created it; nothing here takes a profile id from a client.
 */
export interface Actor {
  principal: Principal;
  clientAddress: string;
  now: Date;
}

/** Values that fail the form's rules: 400, the summary message and each field's message, in form order. */
export class FieldValidationError extends ApiError {
  readonly fieldErrors: FieldErrors;
  readonly errors: Array<{ path: string; message: string }>;
  constructor(fieldErrors: FieldErrors) {
    const [first] = Object.values(fieldErrors);
    super(400, RESPONSE_CODE.BAD_REQUEST, `${SUMMARY_MESSAGE} ${first ?? ''}`.trim());
    this.fieldErrors = fieldErrors;
    this.errors = errorList(fieldErrors);
  }
}

const notFound = () => new ApiError(404, RESPONSE_CODE.NOT_FOUND, CASE_MESSAGES.notFound);

/**
 * Why a record the acting profile asked for is not there. Its own record that it deleted says so (the
 * applicant pressed Back after deleting a draft, or kept a link to it), rather than suggesting the wrong
 * profile is acted for. Anything else, another profile's record deleted or not, is the one answer of a
 * record that does not exist, so nobody learns which records another profile has. Asked only once a record
 * was not found, so opening one costs nothing more.
 */
async function missing(db: Queryable, id: string, profileId: string): Promise<ApiError> {
  const { rows } = await db.query(
    'SELECT 1 FROM cases WHERE id = $1::bigint AND profile_id = $2 AND deleted_at IS NOT NULL',
    [id, profileId],
  );
  return rows.length > 0 ? new ApiError(404, RESPONSE_CODE.NOT_FOUND, CASE_MESSAGES.deleted) : notFound();
}

/**
 * The e-service with the current version of its form, or the version given (a record's own); 404/403
 * with a reason (never its form) when it is unknown or not allowed, or its form has no such version.
 */
export async function eserviceFor(
  db: Queryable,
  code: string,
  principal: Principal,
  version?: number,
): Promise<EserviceDetail> {
  const loaded = await loadEservice(db, code, principal, version);
  if (loaded.ok) return loaded.eservice;
  if (loaded.reason === 'unknown' && version !== undefined) {
    // Not found with a version asked for: the e-service may be there without it. Only on this refusal is it
    // read again, and one the principal may not use is refused as such, whatever version was asked for.
    const usable = await usableEservice(db, code, principal);
    if (usable.ok) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, CASE_MESSAGES.formVersionNotFound(version));
    throw refusedEservice(usable.reason);
  }
  throw refusedEservice(loaded.reason);
}

/** The same refusals as eserviceFor, for a call that needs no form (a list of records). */
export async function requireUsableEservice(db: Queryable, code: string, principal: Principal): Promise<void> {
  const usable = await usableEservice(db, code, principal);
  if (!usable.ok) throw refusedEservice(usable.reason);
}

/** The acting profile's records of one e-service and how many, with the same refusals as eserviceFor. */
export async function listOfCases(db: Queryable, code: string, principal: Principal): Promise<RecordList> {
  const list = await listCases(db, principal.actingProfileId, code, principal.authorizations);
  if (!list.ok) throw refusedEservice(list.reason);
  return { cases: list.rows.map(toSummary), total: list.total };
}

const refusedEservice = (reason: EserviceRefusal['reason']) =>
  reason === 'unknown'
    ? new ApiError(404, RESPONSE_CODE.NOT_FOUND, CASE_MESSAGES.eserviceNotFound)
    : new ApiError(403, RESPONSE_CODE.FORBIDDEN, CASE_MESSAGES.eserviceNotAllowed);

/**
 * The answers to keep: those of hidden fields stripped and each in its normal form (answersToKeep, as
 * the browser checks them), checked against the form (the version the record is filled in under); throws
 * the field errors otherwise. A save that is not a draft is checked like a submission
 * (docs/decisions/0035-form-model-v2.md).
 */
async function check(
  db: Queryable,
  principal: Principal,
  eservice: EserviceDetail,
  data: Record<string, unknown>,
  mode: ValidationMode,
  now: Date,
  recordId: string | null,
): Promise<FormValues> {
  const answers = answersToKeep(eservice.form, data);
  const errors = validate(eservice.form, answers, { mode, today: singaporeToday(now) });
  await checkReferredRecords(db, principal, eservice, answers, errors, mode, recordId);
  await checkTravelReturn(db, principal.actingProfileId, eservice, answers, errors);
  if (hasErrors(errors)) throw new FieldValidationError(errors);
  return answers;
}

/**
 * What only the server can know: a case number a question says is one of the acting profile's records of
 * an e-service (recordOf) must be one, and one that has been submitted (and not yet decided, when the
 * question says `undecided`: an application to amend or withdraw). Only the profile's own records are
 * looked at, so the check tells nobody which other case numbers exist (docs/decisions/0034).
 */
async function checkReferredRecords(
  db: Queryable,
  principal: Principal,
  eservice: EserviceDetail,
  answers: FormValues,
  errors: FieldErrors,
  mode: ValidationMode,
  recordId: string | null,
): Promise<void> {
  for (const field of allFields(eservice.form)) {
    if (field.type !== 'caseNumber' || !field.recordOf || errors[field.name]) continue;
    const value = answers[field.name];
    const caseNumber = typeof value === 'string' ? normalizeCaseNumber(value) : null;
    if (!caseNumber) continue;
    const found = await findByCaseNumber(db, principal.actingProfileId, caseNumber, field.recordOf);
    if (found.length === 0) errors[field.name] = FIELD_MESSAGES.caseNotFound(field.label);
    // A draft is not yet an application: an amendment or a return cannot refer to it.
    else if (found.every((row) => row.status === 'draft'))
      errors[field.name] = FIELD_MESSAGES.caseNotSubmitted(field.label);
    else if (field.undecided && found.every((row) => isDecided(row.status)))
      errors[field.name] = FIELD_MESSAGES.caseDecided(field.label);
    else if (field.undecided && mode === 'submit') {
      // One request at a time to amend or withdraw it: a second beside one still waiting would leave the officer
      // two, perhaps contradictory (withdraw, then amend), to decide. A draft may wait for the first's decision.
      // Held to the end of the submission's transaction, the lock makes a second submitted at the same moment
      // wait for the first's status before it looks.
      await db.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
        `request:${principal.actingProfileId}:${eservice.code}:${caseNumber}`,
      ]);
      const pending = await pendingRequestOf(db, principal.actingProfileId, eservice.code, field.name, caseNumber);
      const other = pending.find((row) => row.id !== recordId);
      if (other) errors[field.name] = FIELD_MESSAGES.caseRequestPending(field.label, other.case_number);
    }
  }
}

/** The acting profile's submitted, undecided records of an e-service whose answer `field` names `caseNumber`. */
async function pendingRequestOf(
  db: Queryable,
  profileId: string,
  appCode: string,
  field: string,
  caseNumber: string,
): Promise<Array<{ id: string; case_number: string }>> {
  const { rows } = await db.query<{ id: string; case_number: string }>(
    `SELECT id::text AS id, case_number FROM cases
      WHERE profile_id = $1 AND app_code = $2 AND deleted_at IS NULL AND data->>$3 = $4
        AND status NOT IN ('draft', 'approved', 'rejected', 'withdrawn')
      ORDER BY id`,
    [profileId, appCode, field, caseNumber],
  );
  return rows;
}

/**
 * An attachment answer naming a file that is not this record's, on that question: a field error. So is,
 * when `refuseInfected` (a draft's submission), one naming a file found infected (docs/decisions/0067).
 */
async function refuseUnknownAttachments(
  db: Queryable,
  caseId: string | null,
  eservice: EserviceDetail,
  answers: FormValues,
  refuseInfected = false,
): Promise<void> {
  const errors = await unknownAttachments(db, caseId, eservice.form, answers, refuseInfected);
  if (hasErrors(errors)) throw new FieldValidationError(errors);
}

/** What the acknowledgement's digest covers is fixed when the record is submitted (migration 111). */
export async function fixSubmissionDigest(
  tx: Queryable,
  caseId: string,
  caseNumber: string,
  formVersion: number,
  answers: FormValues,
): Promise<void> {
  // The applicant's files only: one an officer keeps for the decision (docs/decisions/0090) was not sent.
  const { rows } = await tx.query<{ sha256: string }>(
    `SELECT sha256 FROM documents WHERE case_id = $1::bigint AND origin = 'applicant'`,
    [caseId],
  );
  const digest = submissionDigest({ caseNumber, formVersion, answers, fileHashes: rows.map((r) => r.sha256) });
  await tx.query('UPDATE cases SET submitted_digest = $2 WHERE id = $1::bigint', [caseId, digest]);
}

/** The files a submission deleted as not sent (docs/decisions/0110), in its audit entry when there were any. */
const unsentDetail = (ids: string[]) => (ids.length > 0 ? { unsentDocuments: ids } : {});

const modeOf = (draft: boolean): ValidationMode => (draft ? 'draft' : 'submit');

/**
 * The register's searches and the watchlist are used on screens of their own (docs/decisions/0043), which keep
 * their own rows: a form record of one would be a search or a watch nobody runs. Records made before still
 * read (and a draft may be deleted); none is made, saved, submitted or given a file as a form's any more.
 */
export function refuseOwnScreen(appCode: string): void {
  if (OWN_SCREEN_CODES.includes(appCode)) throw badRequest(CASE_MESSAGES.ownScreen);
}

/**
 * The acting profile's record and its e-service with the record's form version (which the principal must
 * still be allowed to use), read together: 404 for an unknown record first, then eserviceFor's refusals.
 */
export async function openCase(
  db: Queryable,
  id: string,
  principal: Principal,
): Promise<{ row: CaseDetail; eservice: EserviceDetail }> {
  const found = await findCaseWithForm(db, id, principal.actingProfileId);
  if (!found) throw await missing(db, id, principal.actingProfileId);
  const { eservice, ...row } = found;
  const loaded = eserviceOf(eservice, principal);
  if (!loaded.ok) throw refusedEservice(loaded.reason);
  return { row: toDetail(row), eservice: loaded.eservice };
}

/** Who did it, as the audit trail records it. */
export const who = (a: Actor) => ({ at: a.now, ...byPrincipal(a.principal, a.clientAddress) });

/**
 * Writes a draft's answers over `version`, guarded, with the save's audit row in the same statement; null when
 * the record is no longer that version or no longer a draft.
 */
function writeAnswers(
  q: Queryable,
  actor: Actor,
  record: { id: string; caseNumber: string; appCode: string },
  version: number,
  data: Record<string, unknown>,
  draft: boolean,
  byId: boolean,
) {
  return updateCaseData(
    q,
    record.id,
    version,
    data,
    actor.principal.accountId,
    actor.now,
    {
      ...who(actor),
      event: 'case_save',
      // The write makes it the version after the one it is guarded by, when it happens.
      detail: {
        caseId: record.id,
        caseNumber: record.caseNumber,
        appCode: record.appCode,
        draft,
        version: version + 1,
      },
    },
    byId,
  );
}

/**
 * A new record would be one draft too many for the profile (docs/decisions/0064): refused before it takes a
 * case number. First saves of one profile wait for each other here, so that several at once cannot each find
 * the last place free.
 */
async function refuseOverDraftLimit(tx: Queryable, profileId: string): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`drafts:${profileId}`]);
  const { rows } = await tx.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM (SELECT 1 FROM cases
      WHERE profile_id = $1 AND status = 'draft' AND deleted_at IS NULL LIMIT $2) d`,
    [profileId, MAX_OPEN_DRAFTS],
  );
  if (rows[0]!.n >= MAX_OPEN_DRAFTS)
    throw new ApiError(409, RESPONSE_CODE.CONFLICT, CASE_MESSAGES.tooManyDrafts(MAX_OPEN_DRAFTS));
}

/** First save: the record is created (as a draft) and gets its case number. */
export async function createCase(
  db: Database,
  actor: Actor,
  input: { appCode: string; data: Record<string, unknown>; draft: boolean; createKey?: string },
): Promise<CaseDetail> {
  const eservice = await eserviceFor(db, input.appCode, actor.principal);
  refuseOwnScreen(eservice.code);
  const data = await check(db, actor.principal, eservice, input.data, modeOf(input.draft), actor.now, null);
  await refuseUnknownAttachments(db, null, eservice, data);
  const profileId = actor.principal.actingProfileId;
  return db.transaction(async (tx) => {
    if (input.createKey) {
      // The first save sent again (its answer was lost): the record it made takes these answers, as a save
      // of it would. Two at once with one key: the second waits for the first's record.
      await tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [`case:${profileId}:${input.createKey}`]);
      const earlier = await findByCreateKey(tx, profileId, input.createKey);
      if (earlier && (earlier.app_code !== eservice.code || !isEditable(earlier.status)))
        throw new ApiError(409, RESPONSE_CODE.CONFLICT, CASE_MESSAGES.notEditable);
      // Saved by its id since (its browser had the answer), or holding other answers: not the first save sent
      // again as it was, but a copy of the kept input a second tab restored, which would write over the answers
      // the first tab saved. Refused, naming the record: its page tells its own lost save from another tab's,
      // and keeps these answers for a record of their own (docs/decisions/0036).
      if (earlier && (earlier.create_key_spent || changedFields(earlier.data, data).length > 0))
        throw new ApiError(409, RESPONSE_CODE.CONFLICT, CASE_MESSAGES.madeElsewhere(earlier.case_number), {
          madeElsewhere: { id: earlier.id, caseNumber: earlier.case_number },
        });
      if (earlier) {
        const record = { id: earlier.id, caseNumber: earlier.case_number, appCode: eservice.code };
        return toDetail((await writeAnswers(tx, actor, record, earlier.version, data, input.draft, false))!);
      }
    }
    await refuseOverDraftLimit(tx, profileId);
    const row = await insertCase(tx, {
      appCode: eservice.code,
      profileId: actor.principal.actingProfileId,
      caseType: eservice.caseType,
      formVersion: eservice.formVersion,
      data,
      accountId: actor.principal.accountId,
      now: actor.now,
      createKey: input.createKey,
    });
    await tx.query(
      `INSERT INTO case_status_history (case_id, from_status, to_status, changed_at, account_id, actor)
       VALUES ($1::bigint, NULL, 'draft', $2, $3, $4)`,
      [row.id, actor.now, actor.principal.accountId, actor.principal.loginName],
    );
    await audit(tx, {
      ...who(actor),
      event: 'case_save',
      detail: {
        caseId: row.id,
        caseNumber: row.case_number,
        appCode: eservice.code,
        draft: input.draft,
        created: true,
      },
    });
    return toDetail(row);
  });
}

/**
 * Explains why a guarded write is refused (before it, or when it touched no row): the record is gone
 * (deleted, as missing says, or never the acting profile's), no longer a draft, or was changed since the
 * client opened it (409, so the app keeps the user's input and says so).
 */
async function refusal(
  db: Queryable,
  id: string,
  actor: Actor,
  current: CaseDetail | null,
  version: number,
  conflict: string = CASE_MESSAGES.versionConflict,
): Promise<ApiError> {
  if (!current) return missing(db, id, actor.principal.actingProfileId);
  if (!isEditable(current.status)) return new ApiError(409, RESPONSE_CODE.CONFLICT, CASE_MESSAGES.notEditable);
  if (current.version !== version) return new ApiError(409, RESPONSE_CODE.CONFLICT, conflict);
  return notFound();
}

/**
 * Saves a draft's answers over the version the client opened, in few round trips: the record with its form,
 * the attachment check (when an answer names files) and one statement that writes the answers, guarded,
 * with their audit row. The refusals are those a locked read of the record would give: against the record
 * as just read, then, when the guarded write finds it changed since, against the record as it is then.
 */
export async function saveCase(
  db: Database,
  actor: Actor,
  id: string,
  input: { data: Record<string, unknown>; version: number; draft: boolean },
): Promise<CaseDetail> {
  const { row: opened, eservice } = await openCase(db, id, actor.principal);
  refuseOwnScreen(opened.appCode);
  const checked = await check(db, actor.principal, eservice, input.data, modeOf(input.draft), actor.now, opened.id);
  if (opened.version !== input.version || !isEditable(opened.status))
    throw await refusal(db, opened.id, actor, opened, input.version);
  // Over the version the saver opened, as the write is guarded by it: a file added to it since is not put back.
  const data = await withUnseenAttachments(db, opened.id, eservice.form, opened.data, checked, {
    profileId: actor.principal.actingProfileId,
    accountId: actor.principal.accountId,
  });
  // Not in one transaction with the write, nor needed there: a document never moves to another record, so
  // an answer this finds naming only the record's own files still does at the write. A file removed in
  // between (its removal never waited for the record's lock) leaves an answer naming a missing file, as
  // removing it just after the save would; a submission checks the answers again.
  await refuseUnknownAttachments(db, opened.id, eservice, data);
  const row = await writeAnswers(db, actor, opened, input.version, data, input.draft, true);
  if (row) return toDetail(row);
  const current = await findCase(db, opened.id, actor.principal.actingProfileId);
  throw await refusal(db, opened.id, actor, current && toDetail(current), input.version);
}

export async function deleteCase(db: Database, actor: Actor, id: string, version?: number): Promise<void> {
  await openCase(db, id, actor.principal);
  await db.transaction(async (tx) => {
    const current = await findCase(tx, id, actor.principal.actingProfileId, true);
    if (!current || !isEditable(current.status) || (version !== undefined && current.version !== version))
      throw await refusal(
        tx,
        id,
        actor,
        current && toDetail(current),
        version ?? current?.version ?? 0,
        // A delete sends no answers: "your changes were not saved … restore them" would speak of none.
        CASE_MESSAGES.deleteConflict,
      );
    await markDeleted(tx, id, actor.principal.accountId, actor.now);
    await deleteDocumentsOfCase(tx, id);
    await audit(tx, {
      ...who(actor),
      event: 'case_delete',
      detail: { caseId: current.id, caseNumber: current.case_number, appCode: current.app_code },
    });
  });
}

/**
 * The acknowledgement of a submission or a resubmission, in the same transaction (docs/decisions/0041). Its PDF
 * holds every answer (names, identity numbers, a bank account), so no message carries it: the message says it
 * is downloaded from the record, signed in (docs/decisions/0042).
 */
function acknowledge(
  tx: Queryable,
  actor: Actor,
  row: { id: string; case_number: string },
  event: Pick<NotificationEvent, 'kind' | 'facts' | 'key'>,
): Promise<void> {
  return notify(tx, {
    ...event,
    profileId: actor.principal.actingProfileId,
    caseId: row.id,
    caseNumber: row.case_number,
    at: actor.now,
  });
}

/**
 * Submits a draft through the process engine: its stored values must pass the form's full rules
 * (a draft may have skipped them), and the version must be the one the client saw.
 */
export async function submitCase(db: Database, actor: Actor, id: string, version: number): Promise<CaseDetail> {
  const { row: opened, eservice } = await openCase(db, id, actor.principal);
  refuseOwnScreen(opened.appCode);
  return db.transaction(async (tx) => {
    const current = await findCase(tx, id, actor.principal.actingProfileId, true);
    if (!current || current.version !== version || !isEditable(current.status))
      throw await refusal(tx, id, actor, current && toDetail(current), version);
    const answers = await check(tx, actor.principal, eservice, current.data, 'submit', actor.now, id);
    await refuseUnknownAttachments(tx, id, eservice, answers, true);
    const unsent = await deleteUnsentDocuments(tx, id, eservice.form, answers);
    const payment = {
      caseId: id,
      caseNumber: current.case_number,
      appCode: current.app_code,
      profileId: actor.principal.actingProfileId,
      data: answers,
    };
    // A refund draws on a receipt in the same transaction, so a refused one leaves the record a draft.
    if (current.app_code === REFUND_ESERVICE) {
      const refused = await drawRefund(tx, payment, actor.principal.loginName, actor.now);
      if (hasErrors(refused)) throw new FieldValidationError(refused);
    }
    const row = await setStatus(
      tx,
      id,
      current.status,
      'submitted',
      { accountId: actor.principal.accountId, name: actor.principal.loginName },
      actor.now,
    );
    const unbillable = await issueBill(tx, payment, actor.principal.loginName, actor.now);
    if (hasErrors(unbillable)) throw new FieldValidationError(unbillable);
    await audit(tx, {
      ...who(actor),
      event: 'case_submit',
      detail: { caseId: row.id, caseNumber: row.case_number, appCode: row.app_code, ...unsentDetail(unsent) },
    });
    await fixSubmissionDigest(tx, row.id, row.case_number, current.form_version, answers);
    await setDueOnSubmission(tx, row.id, actor.now);
    const detail = toDetail(row);
    await acknowledge(tx, actor, row, { kind: 'submitted' });
    return detail;
  });
}

/**
 * Whether the last `moves` changes of a record waiting for its applicant were the back office handing it to
 * another officer (a move that keeps the status): nothing the applicant sees, so an answer typed on the
 * version before them still answers the request they read, and is not refused as "changed elsewhere". Past
 * its draft, a record's every version is one line of its history (setStatus, the officers' moves).
 */
async function handedOnSince(tx: Queryable, id: string, moves: number): Promise<boolean> {
  if (moves < 1 || moves > 20) return false;
  const { rows } = await tx.query<{ from_status: string | null; to_status: string }>(
    `SELECT from_status, to_status FROM case_status_history WHERE case_id = $1::bigint ORDER BY id DESC LIMIT $2`,
    [id, moves],
  );
  return (
    rows.length === moves &&
    rows.every((r) => r.from_status === 'more_info_requested' && r.to_status === 'more_info_requested')
  );
}

/**
 * The applicant answers an officer's request for more information (docs/decisions/0040): the whole answers
 * come back, checked like a submission, and only the questions the officer named may differ from what was
 * submitted (documents are added on those questions beforehand). The record goes back to its officer in
 * review, the request keeps the answers before and after for the officer's diff, and the due date's clock
 * runs again.
 */
export async function resubmitCase(
  db: Database,
  actor: Actor,
  id: string,
  input: { data: Record<string, unknown>; version: number },
): Promise<CaseDetail> {
  const { eservice } = await openCase(db, id, actor.principal);
  const checked = await check(db, actor.principal, eservice, input.data, 'submit', actor.now, id);
  return db.transaction(async (tx) => {
    const current = await findCase(tx, id, actor.principal.actingProfileId, true);
    if (!current) throw await missing(tx, id, actor.principal.actingProfileId);
    // Another account's files this one cannot see stay, as a draft's save keeps them (docs/decisions/0105).
    const answers = await withUnseenAttachments(tx, id, eservice.form, current.data, checked, {
      profileId: actor.principal.actingProfileId,
      accountId: actor.principal.accountId,
    });
    if (current.status !== 'more_info_requested')
      throw new ApiError(409, RESPONSE_CODE.CONFLICT, CASE_MESSAGES.notAwaitingInfo);
    if (current.version !== input.version && !(await handedOnSince(tx, id, current.version - input.version)))
      throw new ApiError(409, RESPONSE_CODE.CONFLICT, CASE_MESSAGES.versionConflict);
    const { rows } = await tx.query<{ id: string; fields: string[]; requested_at: Date | string }>(
      `SELECT id::text AS id, fields, requested_at FROM case_info_requests
        WHERE case_id = $1::bigint AND answered_at IS NULL ORDER BY case_info_requests.id DESC LIMIT 1`,
      [id],
    );
    const request = rows[0];
    if (!request) throw new ApiError(409, RESPONSE_CODE.CONFLICT, CASE_MESSAGES.notAwaitingInfo);
    // What was stored before amounts had one normal form (" 150.25 ") is compared in it: not a change.
    const before = answersToKeep(eservice.form, current.data);
    const asked = withDependents(eservice.form, request.fields);
    const outside = changedFields(before, answers).filter((name) => !asked.includes(name));
    if (outside.length > 0) {
      const labels = allFields(eservice.form);
      throw badRequest(
        CASE_MESSAGES.onlyRequestedFields(outside.map((n) => labels.find((f) => f.name === n)?.label ?? n).join(', ')),
      );
    }
    await refuseUnknownAttachments(tx, id, eservice, answers);
    const unsent = await deleteUnsentDocuments(tx, id, eservice.form, answers, request.requested_at);
    const unbillable = await rebill(
      tx,
      {
        caseId: id,
        caseNumber: current.case_number,
        appCode: current.app_code,
        profileId: actor.principal.actingProfileId,
        data: answers,
      },
      actor.principal.loginName,
      actor.now,
    );
    if (hasErrors(unbillable)) throw new FieldValidationError(unbillable);
    // A refund draws on its receipt as at submission: a changed receipt or amount draws again, never more
    // than the receipt has left.
    const changed = changedFields(before, answers);
    if (
      current.app_code === REFUND_ESERVICE &&
      (changed.includes(REFUND_FIELDS.receipt) || changed.includes(REFUND_FIELDS.amount))
    ) {
      const refused = await redrawRefund(
        tx,
        { caseId: id, caseNumber: current.case_number, profileId: actor.principal.actingProfileId, data: answers },
        actor.principal.loginName,
        actor.now,
      );
      if (hasErrors(refused)) throw new FieldValidationError(refused);
    }
    await tx.query(`UPDATE cases SET data = $2::jsonb, updated_by = $3 WHERE id = $1::bigint`, [
      id,
      JSON.stringify(answers),
      actor.principal.accountId,
    ]);
    await tx.query(`UPDATE case_info_requests SET answers_after = $2::jsonb, answered_at = $3 WHERE id = $1::bigint`, [
      request.id,
      JSON.stringify(answers),
      actor.now,
    ]);
    const row = await setStatus(
      tx,
      id,
      current.status,
      'in_review',
      { accountId: actor.principal.accountId, name: actor.principal.loginName },
      actor.now,
      OFFICER_MESSAGES.history.resubmitted,
    );
    await resumeDue(tx, id, actor.now);
    await fixSubmissionDigest(tx, row.id, row.case_number, current.form_version, answers);
    await audit(tx, {
      ...who(actor),
      event: 'case_resubmit',
      detail: {
        caseId: row.id,
        caseNumber: row.case_number,
        appCode: row.app_code,
        requestId: request.id,
        ...unsentDetail(unsent),
      },
    });
    const detail = toDetail(row);
    // The key is the request answered: each is answered once, so the same resubmission sent again is told once.
    await acknowledge(tx, actor, row, {
      kind: 'resubmitted',
      facts: { resubmittedAt: actor.now.toISOString() },
      key: `resubmitted-${request.id}`,
    });
    return detail;
  });
}

/**
 * The moves the operator's command makes: those that need nobody's words. Asking for more information needs
 * the officer's message and questions, a proposed rejection its reason and a second officer, a release or
 * a return clears the case's assignment or proposal (the back office does each with what it needs), and
 * only the owner submits or resubmits. A status set without them leaves the applicant a request with
 * nothing to answer.
 *
 * Each is the back office's action of the same decision, taken by its code (docs/decisions/0040): taking a
 * case into review is "Assign to me", an approval the assigned officer's "Approve", and a rejection a
 * supervisor's "Approve rejection" of another officer's proposal, with the roles, the assignment, the four
 * eyes and the files the back office asks for. A rejection is never the command's alone: the applicant reads
 * its reason, which the proposal gives.
 */
const COMMAND_ACTIONS: Readonly<Record<string, 'assignToMe' | 'approve' | 'approveRejection'>> = {
  'submitted>in_review': 'assignToMe',
  'in_review>approved': 'approve',
  'rejection_proposed>rejected': 'approveRejection',
};

/**
 * An operator's move of a case (submitted → in review → approved or rejected), by case number, made by the
 * officer account `operator` names (a login name): its history, assignment and audit are that officer's, as
 * in the back office, and say the command made it. A name that is no enabled officer's is refused: it would
 * be written into the record's history as a person who does not exist. Not reachable over HTTP: the operator
 * runs server/cases/cli.ts next to the database.
 */
export async function moveCase(
  db: Database,
  caseNumber: string,
  to: CaseStatus,
  operator: string,
  now: Date,
): Promise<CaseDetail> {
  return db.transaction(async (tx) => {
    const officer = await enabledOfficer(tx, operator);
    if (!officer) throw new ApiError(403, FORBIDDEN_CODE.MISSING_AUTHORITY, CASE_MESSAGES.operatorUnknown(operator));
    const { rows } = await tx.query<{ id: string; status: CaseStatus; profile_id: string }>(
      'SELECT id::text AS id, status, profile_id FROM cases WHERE case_number = $1 AND deleted_at IS NULL FOR UPDATE',
      [caseNumber],
    );
    const current = rows[0];
    if (!current) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, `No record with case number ${caseNumber}.`);
    if (current.status === 'in_review' && to === 'rejected')
      throw new ApiError(409, RESPONSE_CODE.CONFLICT, CASE_MESSAGES.operatorRejectionNotProposed);
    if (!canMove(current.status, to))
      throw new ApiError(
        409,
        RESPONSE_CODE.CONFLICT,
        CASE_MESSAGES.statusNotAllowed(CASE_STATUS_LABELS[current.status], CASE_STATUS_LABELS[to]),
      );
    const action = COMMAND_ACTIONS[`${current.status}>${to}`];
    if (!action)
      throw new ApiError(
        409,
        RESPONSE_CODE.CONFLICT,
        CASE_MESSAGES.operatorMoveNotAllowed(CASE_STATUS_LABELS[current.status], CASE_STATUS_LABELS[to]),
      );
    // The applicant reads a rejection's history message as its reason: the proposal's, which the command's
    // words would replace.
    const message =
      to === 'in_review'
        ? OFFICER_MESSAGES.history.assignedByCommand(officer.displayName)
        : to === 'approved'
          ? OFFICER_MESSAGES.history.byCommand
          : null;
    const row = await findOfficerCase(tx, current.id);
    await takeAction(tx, { officer, clientAddress: null, now }, row!, { action }, { history: message });
    return toDetail((await findCase(tx, current.id, current.profile_id))!);
  });
}
