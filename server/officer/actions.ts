import { createHash, randomUUID } from 'node:crypto';
import { RESPONSE_CODE } from '#contract/index.ts';
import { showsNothing } from '#contract/validation.ts';
import type { CaseStatus } from '#contract/cases.ts';
import { allFields } from '#contract/forms/index.ts';
import { DEFAULT_DOCUMENT_LIMITS, DOCUMENT_MESSAGES } from '#contract/documents.ts';
import {
  OFFICER_MESSAGES,
  decisionDocumentMissing,
  type BulkAction,
  type Decision,
  type BulkResult,
  type OfficerActionRequest,
  type OfficerCase,
} from '#contract/officer.ts';
import type { Database, Queryable } from '../db/database.ts';
import type { Officer } from '../auth/officer.ts';
import { audit } from '../auth/audit.ts';
import { loadEservice } from '../cases/catalogue.ts';
import { singaporeToday } from '../cases/records.ts';
import { notify } from '../notifications/notify.ts';
import { approvalFacts, cancelBill, releaseRefund } from '../payments/bills.ts';
import { forgetOldActionKeys } from '../payments/action-keys.ts';
import { ApiError, badRequest } from '../plugins/errors.ts';
import type { DocumentInfo } from '#contract/schemas/documents.ts';
import type { TakenFile } from '../documents/intake.ts';
import { findSameUpload, insertDocument } from '../documents/store.ts';
import {
  WAITING_FOR_DECISION,
  attachRefusal,
  caseNotFound,
  caseView,
  findOfficerCase,
  refusalOf,
  type OfficerCaseRow,
} from './cases.ts';
import { recordProfileUpdate } from '../cases/profile-update.ts';
import { actOnTravelApplication, amendedTripFacts, waitingTravelRequest } from '../cases/travel-requests.ts';

/**
 * The officers' actions on a case (docs/decisions/0040). Each runs in one transaction on the locked case
 * row: the version the officer saw must still be the case's, the action must be open to this officer in
 * this status, and the move lands in case_status_history and audit_events together with the change.
 */
export interface OfficerActor {
  officer: Officer;
  /** Where the call came from; null for the operator's command, run beside the database (server/cases/cli.ts). */
  clientAddress: string | null;
  now: Date;
}

/**
 * An action taken with the operator's command rather than on the back office's screen: the same action by the
 * same rules, recorded as the command's (docs/decisions/0040). `history` is what the status history says in
 * place of the back office's words where the applicant does not read them; null keeps the back office's.
 */
export interface ByCommand {
  history: string | null;
}

/** A stale version: 409 with the case as it is now, so the officer sees the new state at once. */
export class StaleCaseError extends ApiError {
  readonly current: OfficerCase;
  constructor(current: OfficerCase) {
    super(409, RESPONSE_CODE.CONFLICT, OFFICER_MESSAGES.staleVersion);
    this.current = current;
  }
}

type Request = OfficerActionRequest & { version: number };
/** An action with its words, without what only a call on a view carries: the version seen, the attempt's key. */
type Words<R> = R extends unknown ? Omit<R, 'version' | 'actionKey'> : never;
export type ActionToTake = Words<OfficerActionRequest>;

interface Move {
  to: CaseStatus;
  message: string | null;
  /** Column changes beside status and version. */
  set?: Record<string, unknown>;
}

/** Moves the case; answers the id of the status history row it wrote. */
async function move(tx: Queryable, row: OfficerCaseRow, actor: OfficerActor, m: Move): Promise<string> {
  const set = { ...m.set };
  const columns = Object.keys(set);
  await tx.query(
    `UPDATE cases SET status = $2, version = version + 1, updated_at = $3${columns
      .map((c, i) => `, ${c} = $${i + 4}`)
      .join('')} WHERE id = $1::bigint`,
    [row.id, m.to, actor.now, ...columns.map((c) => set[c])],
  );
  const { rows } = await tx.query<{ id: string }>(
    `INSERT INTO case_status_history (case_id, from_status, to_status, changed_at, account_id, actor, message)
     VALUES ($1::bigint, $2, $3, $4, $5, $6, $7) RETURNING id::text AS id`,
    [row.id, row.status, m.to, actor.now, actor.officer.accountId, actor.officer.displayName, m.message],
  );
  return rows[0]!.id;
}

/**
 * The files waiting for the case's decision: all of them (each takes a place among those allowed), and those
 * that can reach the applicant (one found infected never will).
 */
async function waitingFiles(db: Queryable, caseId: string): Promise<{ all: number; sendable: number }> {
  const { rows } = await db.query<{ waiting: string; sendable: string }>(
    `SELECT count(*)::text AS waiting, (count(*) FILTER (WHERE d.scan_status <> 'infected'))::text AS sendable
       FROM documents d WHERE ${WAITING_FOR_DECISION}`,
    [caseId],
  );
  return { all: Number(rows[0]?.waiting ?? 0), sendable: Number(rows[0]?.sendable ?? 0) };
}

/**
 * A decision that must carry a document for the applicant (DECISION_DOCUMENT_REQUIRED, docs/decisions/0090)
 * and has none attached is refused, before anything moves.
 */
async function refuseUndocumented(tx: Queryable, row: OfficerCaseRow, action: Decision): Promise<void> {
  const missing = decisionDocumentMissing(row.app_code, action, (await waitingFiles(tx, row.id)).sendable);
  if (missing) throw badRequest(missing);
}

/**
 * Sends the files waiting for the decision with it, `historyId` its status history row (docs/decisions/0090).
 * Answers the ids of those that can reach the applicant: one found infected goes with it, never to them.
 */
export async function sendWithDecision(tx: Queryable, caseId: string, historyId: string): Promise<string[]> {
  const { rows } = await tx.query<{ id: string; scan_status: string }>(
    `UPDATE documents d SET decision_id = $2::bigint WHERE ${WAITING_FOR_DECISION}
     RETURNING d.id::text AS id, d.scan_status`,
    [caseId, historyId],
  );
  return rows.filter((r) => r.scan_status !== 'infected').map((r) => r.id);
}

/** The name of a case worker a case may be given to: one the officers' list shows (never a disabled account). */
async function officerName(tx: Queryable, accountId: number): Promise<string | null> {
  const { rows } = await tx.query<{ display_name: string; roles: string[] }>(
    `SELECT o.display_name, o.roles FROM officers o JOIN accounts a ON a.id = o.account_id
      WHERE o.account_id = $1 AND NOT a.disabled`,
    [accountId],
  );
  const row = rows[0];
  return row && (row.roles.includes('officer') || row.roles.includes('supervisor')) ? row.display_name : null;
}

async function checkedFields(tx: Queryable, row: OfficerCaseRow, fields: string[]): Promise<string[]> {
  if (fields.length === 0) throw badRequest(OFFICER_MESSAGES.fieldsRequired);
  const loaded = await loadEservice(tx, row.app_code, null, row.form_version);
  const known = new Set(loaded.ok ? allFields(loaded.eservice.form).map((f) => f.name) : []);
  const unknown = fields.filter((f) => !known.has(f));
  if (unknown.length > 0) throw badRequest(OFFICER_MESSAGES.unknownFields(unknown.join(', ')));
  return [...new Set(fields)];
}

/**
 * What an attempt asks for, as a digest kept with its key: the action and its words, in a fixed order. Not
 * its version (a retry sends the one its first attempt saw) nor its key. The same action with other words is
 * another attempt, which "done" with the first one's result would mislead (docs/decisions/0066).
 */
function requestDigest(req: Request): string {
  const content = ((): unknown[] => {
    switch (req.action) {
      case 'assign':
        return [req.action, req.officerAccountId];
      case 'proposeRejection':
        return [req.action, req.reason];
      case 'returnRejection':
        return [req.action, req.note ?? ''];
      case 'requestInfo':
        return [req.action, req.message, req.fields];
      case 'addNote':
        return [req.action, req.text];
      default:
        return [req.action];
    }
  })();
  return createHash('sha256').update(JSON.stringify(content)).digest('base64url');
}

/** The action this officer took on the case under this key, and the digest of its request, if one was taken. */
async function takenBefore(
  tx: Queryable,
  caseId: string,
  accountId: number,
  key: string,
): Promise<{ action: string; request_digest: string | null } | null> {
  const { rows } = await tx.query<{ action: string; request_digest: string | null }>(
    `SELECT action, request_digest FROM officer_action_keys
      WHERE case_id = $1::bigint AND account_id = $2 AND action_key = $3::uuid`,
    [caseId, accountId, key],
  );
  return rows[0] ?? null;
}

/** What a decision's message says of the files sent with it: how many there are to download (0090). */
const documentFacts = (documents: readonly string[]): Record<string, number> =>
  documents.length > 0 ? { documents: documents.length } : {};

/** Runs one action; answers the case view after it. */
export async function act(db: Database, actor: OfficerActor, id: string, req: Request): Promise<OfficerCase> {
  const { officer, now } = actor;
  // Bad input is refused before the case is looked at (a 400 says what to fix whatever the case's state).
  // Words that show nothing (a zero-width space) are as missing as none: the applicant would read a blank.
  if (req.action === 'proposeRejection' && showsNothing(req.reason)) throw badRequest(OFFICER_MESSAGES.reasonRequired);
  if (req.action === 'requestInfo' && showsNothing(req.message)) throw badRequest(OFFICER_MESSAGES.messageRequired);
  if (req.action === 'addNote' && showsNothing(req.text)) throw badRequest(OFFICER_MESSAGES.noteRequired);
  if (req.actionKey) await forgetOldActionKeys(db, 'officer_action_keys', now);
  return db.transaction(async (tx) => {
    const row = await findOfficerCase(tx, id, true);
    if (!row) throw caseNotFound();
    // The same attempt sent again (its answer was lost on the way): taken already, so answered with the case
    // after it, before its old version could call the officer's own change a colleague's (0066). The row
    // lock orders a retry that overtakes its first attempt behind it. The key answers its own attempt only:
    // another action, or the same with other words, under it would be told "done" with nothing done. A key
    // kept before its digest was (migration 172) is judged by its action alone.
    const digest = req.actionKey ? requestDigest(req) : null;
    const taken = req.actionKey ? await takenBefore(tx, row.id, officer.accountId, req.actionKey) : null;
    if (taken !== null) {
      if (taken.action !== req.action || (taken.request_digest !== null && taken.request_digest !== digest))
        throw badRequest(OFFICER_MESSAGES.actionKeyOfAnother);
      return caseView(tx, row, officer, now);
    }
    // A note decides nothing on the state it was written against (it bumps no version either, 0040): one
    // sent from an older view is kept, not refused with the officer's text lost.
    if (req.action !== 'addNote' && row.version !== req.version)
      throw new StaleCaseError(await caseView(tx, row, officer, now));
    await takeAction(tx, actor, row, req);
    if (req.actionKey)
      await tx.query(
        `INSERT INTO officer_action_keys (case_id, account_id, action_key, action, taken_at, request_digest)
         VALUES ($1::bigint, $2, $3::uuid, $4, $5, $6)`,
        [row.id, officer.accountId, req.actionKey, req.action, now, digest],
      );
    const after = await findOfficerCase(tx, row.id);
    return caseView(tx, after!, officer, now);
  });
}

/**
 * Takes the action on the case, locked in the caller's transaction, when this officer may take it now
 * (refusalOf) and the decision has what it must send (a required document): the move, what follows from it,
 * the applicant's notice and the audit event. The back office's actions and the operator's command
 * (`command`) both come here, so that the command keeps every rule of the back office (docs/decisions/0040).
 */
export async function takeAction(
  tx: Queryable,
  actor: OfficerActor,
  row: OfficerCaseRow,
  req: ActionToTake,
  command?: ByCommand,
): Promise<void> {
  const { officer, now } = actor;
  const refusal = refusalOf(row, officer, req.action);
  if (refusal) throw refusal;
  const moveTo = (m: Move) => move(tx, row, actor, command?.history ? { ...m, message: command.history } : m);
  const detail: Record<string, unknown> = { caseId: row.id, caseNumber: row.case_number, from: row.status };
  switch (req.action) {
    case 'assignToMe':
      await moveTo({
        to: 'in_review',
        message: OFFICER_MESSAGES.history.assigned(officer.displayName),
        set: { assigned_to: officer.accountId },
      });
      break;
    case 'assign': {
      const name = await officerName(tx, req.officerAccountId);
      if (!name) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, OFFICER_MESSAGES.officerNotFound);
      await moveTo({
        to: row.status === 'submitted' ? 'in_review' : row.status,
        message: OFFICER_MESSAGES.history.assigned(name),
        set: { assigned_to: req.officerAccountId },
      });
      detail.assignedTo = req.officerAccountId;
      break;
    }
    case 'release':
      await moveTo({
        to: 'submitted',
        message: OFFICER_MESSAGES.history.released,
        set: { assigned_to: null },
      });
      break;
    case 'approve': {
      await refuseUndocumented(tx, row, req.action);
      const waiting = await waitingTravelRequest(tx, row);
      if (waiting)
        throw new ApiError(
          409,
          RESPONSE_CODE.CONFLICT,
          OFFICER_MESSAGES.travelRequestWaiting(row.case_number, waiting.caseNumber, waiting.action),
        );
      const decision = await moveTo({ to: 'approved', message: null });
      const documents = await sendWithDecision(tx, row.id, decision);
      await recordProfileUpdate(tx, row, actor.now);
      if (documents.length > 0) detail.documents = documents;
      const travel = await actOnTravelApplication(
        tx,
        row,
        { accountId: officer.accountId, name: officer.displayName, loginName: officer.loginName },
        now,
      );
      if (travel) detail.travelApplication = travel;
      await notify(tx, {
        kind: 'decided',
        profileId: row.profile_id,
        caseId: row.id,
        caseNumber: row.case_number,
        facts: {
          outcome: 'approved',
          ...(await approvalFacts(tx, row, actor.now)),
          ...(await amendedTripFacts(tx, row)),
          ...documentFacts(documents),
          // When it was decided, said in the notice: appeal periods run from then (docs/decisions/0042).
          at: now.toISOString(),
        },
        at: now,
      });
      break;
    }
    case 'proposeRejection':
      await moveTo({
        to: 'rejection_proposed',
        message: req.reason,
        set: { proposed_reason: req.reason, proposed_by: officer.accountId },
      });
      detail.reason = req.reason;
      break;
    case 'approveRejection': {
      await refuseUndocumented(tx, row, req.action);
      const decision = await moveTo({
        to: 'rejected',
        message: row.proposed_reason,
        set: { decision_reason: row.proposed_reason },
      });
      const documents = await sendWithDecision(tx, row.id, decision);
      if (documents.length > 0) detail.documents = documents;
      await cancelBill(tx, row.id, officer.loginName, actor.now);
      await releaseRefund(tx, row.id, officer.loginName, actor.now);
      // Four eyes, recorded: the history names the supervisor, the audit trail both officers.
      detail.proposedBy = Number(row.proposed_by);
      detail.approvedBy = officer.accountId;
      detail.reason = row.proposed_reason;
      await notify(tx, {
        kind: 'decided',
        profileId: row.profile_id,
        caseId: row.id,
        caseNumber: row.case_number,
        facts: {
          outcome: 'rejected',
          reason: row.proposed_reason ?? '',
          ...documentFacts(documents),
          at: now.toISOString(),
        },
        at: now,
      });
      break;
    }
    case 'returnRejection':
      await moveTo({
        to: 'in_review',
        message: req.note && !showsNothing(req.note) ? req.note : OFFICER_MESSAGES.history.rejectionReturned,
        set: { proposed_reason: null, proposed_by: null },
      });
      // The audit trail says why, as it does of a proposal and of a request, not only the status history.
      if (req.note && !showsNothing(req.note)) detail.note = req.note;
      break;
    case 'requestInfo': {
      const fields = await checkedFields(tx, row, req.fields);
      await tx.query(
        `INSERT INTO case_info_requests (case_id, account_id, requested_by, message, fields, requested_at, answers_before)
         VALUES ($1::bigint, $2, $3, $4, $5::text[], $6, $7::jsonb)`,
        [row.id, officer.accountId, officer.displayName, req.message, fields, now, JSON.stringify(row.data)],
      );
      // The due date's clock stops today and runs again when the applicant answers.
      await moveTo({
        to: 'more_info_requested',
        message: req.message,
        set: { paused_on: singaporeToday(now) },
      });
      detail.fields = fields;
      detail.message = req.message;
      await notify(tx, {
        kind: 'moreInfoRequested',
        profileId: row.profile_id,
        caseId: row.id,
        caseNumber: row.case_number,
        // When it was asked, said in the notice: the reply period runs from then (docs/decisions/0042).
        facts: { at: now.toISOString() },
        at: now,
      });
      break;
    }
    case 'addNote':
      // A note changes no state, so it bumps no version: another officer's action stays valid.
      await tx.query(
        `INSERT INTO case_notes (case_id, account_id, author, body, created_at) VALUES ($1::bigint, $2, $3, $4, $5)`,
        [row.id, officer.accountId, officer.displayName, req.text, now],
      );
      break;
  }
  await audit(tx, {
    event: `officer_${req.action}`,
    at: now,
    accountId: officer.accountId,
    loginName: officer.loginName,
    clientAddress: actor.clientAddress,
    detail: command ? { ...detail, via: 'command' } : detail,
  });
}

/** The same action on many cases, each in its own transaction and judged on its own. */
export async function bulkAct(
  db: Database,
  actor: OfficerActor,
  action: BulkAction,
  cases: Array<{ id: string; version: number }>,
  /** The attempt's key, the same for each of its cases: kept per case, so a retry finds each taken (0066). */
  actionKey?: string,
): Promise<BulkResult> {
  const results: BulkResult['results'] = [];
  for (const c of cases) {
    try {
      const view = await act(db, actor, c.id, { action, version: c.version, actionKey });
      results.push({
        id: c.id,
        ok: true,
        message: OFFICER_MESSAGES.done[action],
        version: view.version,
        status: view.status,
      });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      const current = error instanceof StaleCaseError ? error.current : await findOfficerCase(db, c.id);
      // A list shows no case "as it is now" (the single action's stale message): say what stands in the way
      // now (a colleague took it), or that it changed and is to be opened.
      const row = error instanceof StaleCaseError ? await findOfficerCase(db, c.id) : null;
      const message =
        error instanceof StaleCaseError
          ? ((row && refusalOf(row, actor.officer, action)?.message) ?? OFFICER_MESSAGES.staleInList)
          : error.message;
      results.push({
        id: c.id,
        ok: false,
        message,
        version: current?.version ?? null,
        status: current?.status ?? null,
      });
    }
  }
  return { results };
}

/**
 * What a file attached to a decision or taken from it changes: what the decision sends, so the case is another
 * version. A colleague's decision taken on a view without it is then refused as stale, and shows it, rather
 * than sending a file its decider never saw (docs/decisions/0040, 0090).
 */
async function bumpVersion(tx: Queryable, caseId: string, now: Date): Promise<void> {
  await tx.query('UPDATE cases SET version = version + 1, updated_at = $2 WHERE id = $1::bigint', [caseId, now]);
}

/**
 * Keeps a file for the decision the case waits for, the officer `accountId` its uploader: the officer's, apart
 * from the applicant's (no question), until the decision sends it (docs/decisions/0090). The demo's decided
 * records keep theirs this way too, so they read as an officer's attachment does.
 */
export async function keepForDecision(
  tx: Queryable,
  caseId: string,
  file: TakenFile,
  accountId: number,
  now: Date,
): Promise<DocumentInfo> {
  const document = await insertDocument(tx, { id: randomUUID(), caseId, fieldName: null, ...file, accountId, now });
  await bumpVersion(tx, caseId, now);
  return document;
}

/** The case, locked when asked, when this officer may attach to its decision or remove from it now. */
async function openToAttach(db: Queryable, actor: OfficerActor, id: string, lock: boolean): Promise<OfficerCaseRow> {
  const row = await findOfficerCase(db, id, lock);
  if (!row) throw caseNotFound();
  const refusal = attachRefusal(row, actor.officer);
  if (refusal) throw refusal;
  return row;
}

/**
 * The case, when this officer may attach a file to its decision now; else the refusal. Asked before a file is
 * read and scanned, so that a refusal costs no scan; attachToDecision asks again on the locked case. Not
 * whether the decision has room for one more: a decision with all its files may be sent one of them again,
 * which is answered, not refused.
 */
export async function mayAttach(db: Queryable, actor: OfficerActor, id: string): Promise<OfficerCaseRow> {
  return openToAttach(db, actor, id, false);
}

/**
 * Keeps a file read and judged (server/documents/intake.ts) for the decision the case waits for, the officer
 * its uploader (docs/decisions/0090), if the decision has room for one more (the applicants' limits,
 * contract/documents.ts); answers the case view.
 */
export async function attachToDecision(
  db: Database,
  actor: OfficerActor,
  id: string,
  file: TakenFile,
): Promise<OfficerCase> {
  const { officer, now } = actor;
  return db.transaction(async (tx) => {
    const row = await openToAttach(tx, actor, id, true);
    // The same bytes from the same officer for the same decision are the same upload, sent again: its answer
    // was lost (Chromium re-sends by itself after a connection closed; the page said it failed and the file was
    // chosen again), or it went twice at once, which the case's lock above makes take turns. Answered with the
    // case as it is, not sent to the applicant twice (docs/decisions/0090).
    const kept = await findSameUpload(tx, {
      caseId: row.id,
      fieldName: null,
      sha256: file.sha256,
      accountId: officer.accountId,
    });
    if (kept) return caseView(tx, row, officer, now);
    // Files sent together each found room before they were read: counted again on the locked case.
    if ((await waitingFiles(tx, row.id)).all >= DEFAULT_DOCUMENT_LIMITS.maxFiles)
      throw badRequest(DOCUMENT_MESSAGES.tooMany(DEFAULT_DOCUMENT_LIMITS));
    const document = await keepForDecision(tx, row.id, file, officer.accountId, now);
    await audit(tx, {
      event: 'officer_document_attached',
      at: now,
      accountId: officer.accountId,
      loginName: officer.loginName,
      clientAddress: actor.clientAddress,
      detail: {
        caseId: row.id,
        caseNumber: row.case_number,
        documentId: document.id,
        sizeBytes: document.sizeBytes,
        scanStatus: document.scanStatus,
      },
    });
    return caseView(tx, (await findOfficerCase(tx, row.id))!, officer, now);
  });
}

/** Takes back a file attached for the decision not yet taken; answers the case view. */
export async function removeFromDecision(
  db: Database,
  actor: OfficerActor,
  id: string,
  documentId: string,
): Promise<OfficerCase> {
  const { officer, now } = actor;
  return db.transaction(async (tx) => {
    const row = await openToAttach(tx, actor, id, true);
    const { rowCount } = await tx.query(`DELETE FROM documents d WHERE ${WAITING_FOR_DECISION} AND d.id = $2::uuid`, [
      row.id,
      documentId,
    ]);
    if (rowCount === 0) {
      // A file that is no more was taken back already: the answer was lost and the browser sent the removal
      // again by itself, or the officer pressed Remove again. Answered as done, with the case as it is: a refusal
      // would say the file still goes with the decision (docs/decisions/0090).
      const { rows } = await tx.query(`SELECT 1 FROM documents WHERE id = $1::uuid`, [documentId]);
      if (rows.length === 0) return caseView(tx, row, officer, now);
      throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, OFFICER_MESSAGES.decisionDocumentNotRemovable);
    }
    await bumpVersion(tx, row.id, now);
    await audit(tx, {
      event: 'officer_document_removed',
      at: now,
      accountId: officer.accountId,
      loginName: officer.loginName,
      clientAddress: actor.clientAddress,
      detail: { caseId: row.id, caseNumber: row.case_number, documentId },
    });
    return caseView(tx, (await findOfficerCase(tx, row.id))!, officer, now);
  });
}
