import { z } from 'zod';
import { CASE_STATUSES, RECORD_ID_PATTERN, type CaseStatus } from './cases.ts';
import { SCAN_STATUSES } from './documents.ts';
import { BILL_STATES, refundsOnBillSchema } from './payments.ts';
import { queryWholeNumber } from './schemas/query.ts';
import { TRAVEL_REQUEST_ACTIONS } from './travel.ts';

/**
 * The officer back office (docs/decisions/0039-officers-and-their-session.md and
 * 0040-case-workflow-four-eyes-and-more-information.md): officer accounts, queues of submitted records, the
 * case view and the actions on a case. Every path is relative to the API base; `:id` is the record id (fill
 * with fillPath). Only the back office's lazily loaded screens and the server import this module.
 */

/** The authority every officer account holds instead of PTIB; the roles below say what else it may do. */
export const AUTHORITY_OFFICER = 'OFFICER';

/**
 * officer: works cases; supervisor: also assigns to others and decides proposed rejections (four eyes);
 * finance: payment reconciliation (later modules guard themselves with requireOfficer(['finance'])).
 */
export const OFFICER_ROLES = ['officer', 'supervisor', 'finance'] as const;
export type OfficerRole = (typeof OFFICER_ROLES)[number];
/**
 * Who reconciles payments (docs/decisions/0046): the back office's import screen and matching, and the
 * statement import command, which acts as the officer it names (server/payments/cli.ts).
 */
export const RECONCILIATION_ROLES: readonly OfficerRole[] = ['finance'];

export const OFFICER_PATHS = {
  /** GET: who the signed-in officer is. */
  me: '/api/officer/me',
  /** GET: officers a case may be assigned to (supervisor's "assign to another officer"). */
  officers: '/api/officer/officers',
  /** GET: every e-service, to filter the queues by (not only those on the page shown). */
  eservices: '/api/officer/eservices',
  /** GET ?queue&appCode&status&minAgeDays&maxAgeDays&sort&order&page&pageSize&q: one queue page with every count. */
  queue: '/api/officer/queue',
  /** GET: the case view. */
  case: '/api/officer/cases/:id',
  /** POST officerActionRequest: one action on one case, based on the version the officer saw. */
  action: '/api/officer/cases/:id/action',
  /** GET: a document of the case (officers may download every document of a submitted record). */
  document: '/api/officer/cases/:id/documents/:documentId',
  /**
   * POST multipart, one file: attaches it to the decision the officer is about to take, for the applicant to
   * download once it is taken (docs/decisions/0090). Answers the case view.
   */
  decisionDocuments: '/api/officer/cases/:id/decision-documents',
  /** POST: takes back a file attached for a decision not yet taken. Answers the case view. */
  decisionDocumentDelete: '/api/officer/cases/:id/decision-documents/:documentId/delete',
  /** POST bulkActionRequest: the same action on many cases, each checked on its own. */
  bulk: '/api/officer/bulk',
} as const;

/** The hash routes of the back office in the web app (loaded only when an officer uses it). */
export const OFFICER_ROUTES = {
  home: '/officer',
  case: '/officer/case',
  /** The finance officers' reconciliation of bank statements (docs/decisions/0046). */
  payments: '/officer/payments',
} as const;

/** new: submitted, nobody assigned; mine: assigned to me and not decided; waiting: more information requested; decided. */
export const OFFICER_QUEUES = ['new', 'mine', 'waiting', 'decided'] as const;
export type OfficerQueue = (typeof OFFICER_QUEUES)[number];

/**
 * The statuses each queue can hold (its condition on status, with the assignee beside it): the queues'
 * Status filter offers these only, since any other would always show an empty queue.
 */
export const OFFICER_QUEUE_STATUSES: Record<OfficerQueue, readonly CaseStatus[]> = {
  new: ['submitted'],
  mine: ['in_review', 'rejection_proposed'],
  waiting: ['more_info_requested'],
  decided: ['approved', 'rejected', 'withdrawn'],
};

export const OFFICER_QUEUE_LABELS: Record<OfficerQueue, string> = {
  new: 'New',
  mine: 'Assigned to me',
  waiting: 'Waiting for the applicant',
  decided: 'Decided',
};

export const QUEUE_SORTS = ['age', 'dueDate'] as const;
export type QueueSort = (typeof QUEUE_SORTS)[number];
export const QUEUE_PAGE_SIZE_DEFAULT = 25;
export const QUEUE_PAGE_SIZE_MAX = 100;
/**
 * Queue counts and totals count up to this many: a value equal to it means "this many or more" (shown as
 * "1,000+"), so a queue of a million decided cases costs what one of a thousand does (docs/decisions/0040).
 */
export const QUEUE_COUNT_CAP = 1000;
/** At most this many cases in one bulk call: a queue page's worth, since the cases are ticked on one page. */
export const BULK_MAX = QUEUE_PAGE_SIZE_MAX;

/** Every action an officer may take on a case; allowedActions in the case view lists those open now. */
export const OFFICER_ACTIONS = [
  'assignToMe',
  /** Supervisor only: to another officer (officerAccountId). */
  'assign',
  'release',
  'approve',
  /** With the reason the applicant will read once a supervisor approves it. */
  'proposeRejection',
  /** Supervisor only, and not the officer who proposed it (four eyes). */
  'approveRejection',
  /** Supervisor only: the proposal goes back to the officer (with a note why). */
  'returnRejection',
  /** Names the fields (form field names, attachment questions included) and writes a message. */
  'requestInfo',
  'addNote',
] as const;
export type OfficerAction = (typeof OFFICER_ACTIONS)[number];
export const BULK_ACTIONS = ['assignToMe', 'approve'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];
/**
 * The bulk actions each queue offers: a new case is nobody's, so it can only be taken (an approval needs the
 * case in review and assigned); a case of mine is already taken, so it can be approved.
 */
export const BULK_ACTIONS_BY_QUEUE: Readonly<Partial<Record<OfficerQueue, readonly BulkAction[]>>> = {
  new: ['assignToMe'],
  mine: ['approve'],
};
/**
 * The statuses a bulk action can act on (as the case view offers it): a case of another status is listed in
 * the queue but not offered for it. "Assigned to me" holds proposed rejections too, and a supervisor
 * decides each on its own page (docs/decisions/0070): ticked for Approve, it was always refused.
 */
export const BULK_ACTION_STATUSES: Readonly<Record<BulkAction, readonly CaseStatus[]>> = {
  assignToMe: ['submitted'],
  approve: ['in_review'],
};

export const OFFICER_ACTION_LABELS: Record<OfficerAction, string> = {
  assignToMe: 'Assign to me',
  assign: 'Assign to officer',
  release: 'Release',
  approve: 'Approve',
  proposeRejection: 'Propose rejection',
  approveRejection: 'Approve rejection',
  returnRejection: 'Return to officer',
  requestInfo: 'Request more information',
  addNote: 'Add internal note',
};

/** The actions that decide a case, to which an officer may attach documents for the applicant (0090). */
export const DECISIONS = ['approve', 'approveRejection'] as const;
export type Decision = (typeof DECISIONS)[number];

/**
 * Decisions that must carry a document for the applicant, by e-service code and decision, with what the
 * officer reads when deciding without one (docs/decisions/0090). An Estate Account Statement asks for the
 * statement: its approval without one gives the trustee nothing. Another e-service opts in with a line here.
 */
export const DECISION_DOCUMENT_REQUIRED: Readonly<Record<string, Partial<Record<Decision, string>>>> = {
  ESA: { approve: "Attach the estate's statement of account to approve this request" },
};

/**
 * Why this action may not be taken on a case of this e-service with `attached` files waiting for the decision
 * (a file found infected never counts: it is never given out), or null when it may.
 */
export function decisionDocumentMissing(appCode: string, action: OfficerAction, attached: number): string | null {
  if (attached > 0 || !Object.hasOwn(DECISION_DOCUMENT_REQUIRED, appCode)) return null;
  return DECISION_DOCUMENT_REQUIRED[appCode]![action as Decision] ?? null;
}

export const REASON_MAX = 2000;
export const NOTE_MAX = 4000;

/** What officers read (responseDesc of the officer calls and the screens' words). */
export const OFFICER_MESSAGES = {
  notOfficer: 'This function is for PTIB officers only.',
  officerOnPtib: 'Officer accounts cannot use the PTIB e-services. Sign in with a PTIB account.',
  roleRequired: (roles: string) => `You are not allowed to do this: the ${roles} role is required.`,
  caseNotFound: 'No submitted record with that id.',
  documentNotFound: 'No such document on this record.',
  officerNotFound: 'No such officer.',
  /** A stale version: responseJSON holds the case as it is now. */
  staleVersion:
    'Someone else changed this case since you opened it, so your action was not taken. The case is shown as it is now.',
  /** The action by its button's label: the officer never sees the call's identifier (assignToMe). */
  actionNotAllowed: (action: OfficerAction, status: string) =>
    `"${OFFICER_ACTION_LABELS[action]}" is not possible while the case is ${status}.`,
  /** A bulk action's case changed since the list was loaded, though the action is still open on it. */
  staleInList:
    'Someone else changed this case since the list was loaded, so it was not done. Open it to see it as it is now.',
  /**
   * An action whose answer never came (the connection dropped): the toast says why, this says what. Sent
   * again, it is not taken twice (docs/decisions/0066).
   */
  actionUnconfirmed: (action: OfficerAction) =>
    `Sorry, "${OFFICER_ACTION_LABELS[action]}" was not confirmed. Try again: an action already taken is not taken twice.`,
  /**
   * An action sent with the key of another action taken on the case, or of the same action with other words
   * (docs/decisions/0066): a key answers its own attempt only, so this one is neither taken nor told "done".
   * The screens never send one.
   */
  actionKeyOfAnother:
    'This action was sent with the key of another action already taken on this case, so it was not taken. Open the case again and try again.',
  /** An attachment to a decision, when the case waits for none (docs/decisions/0090). */
  attachNotNow: (status: string) => `A file goes with a decision: none can be attached while the case is ${status}.`,
  /** No scanner configured in production: nothing reaches the applicant unchecked (docs/decisions/0037). */
  attachUnavailable:
    'Files cannot be attached at the moment because they cannot be checked for viruses. Try again later.',
  /** A file taken back once its decision was taken, or never attached to this case's decision. */
  decisionDocumentNotRemovable: 'This file is not waiting for a decision on this case, so it cannot be removed.',
  attached: 'The file is attached to the decision.',
  detached: 'The file is removed from the decision.',
  notAssignedToYou: 'This case is assigned to another officer.',
  alreadyAssigned: 'This case is already assigned.',
  fourEyes: 'A rejection you proposed must be approved by another supervisor.',
  reasonRequired: 'Enter the reason the applicant will read.',
  messageRequired: 'Write a message to the applicant.',
  noteRequired: 'Write the note.',
  fieldsRequired: 'Name at least one field or document to change.',
  unknownFields: (names: string) => `These are not questions of this form: ${names}.`,
  badQueueFilter: (reason: string) => `Invalid queue filter: ${reason}.`,
  /**
   * A request to amend or withdraw a travel application that was decided since it was made (docs/decisions/0091):
   * it cannot act on the trip any more, so it is not approved.
   */
  /**
   * A travel application an officer would approve while a request to amend or withdraw it waits
   * (docs/decisions/0114): the applicant would be told "approved" of the trip they asked to change or give up.
   */
  travelRequestWaiting: (application: string, request: string, action: 'amend' | 'withdraw' | null) =>
    `Travel application ${application} cannot be approved while request ${request} to ${action === 'withdraw' ? 'withdraw' : 'amend'} it waits for a decision. Decide that request first: approve it, or propose its rejection saying why.`,
  travelApplicationDecided: (request: string, application: string, status: string) =>
    `Request ${request} cannot be approved: travel application ${application} it names is ${status} now, so it can no longer be amended or withdrawn. Propose a rejection of the request instead, saying why.`,
  done: {
    assignToMe: 'The case is assigned to you.',
    assign: 'The case is assigned.',
    release: 'The case is released to the new queue.',
    approve: 'The record is approved.',
    proposeRejection: 'The rejection is proposed; a supervisor must approve it.',
    approveRejection: 'The record is rejected.',
    returnRejection: 'The proposed rejection is returned to the officer.',
    requestInfo: 'The request for more information is sent to the applicant.',
    addNote: 'The note is added.',
  } satisfies Record<OfficerAction, string>,
  bulkDone: (ok: number, total: number) => `${ok} of ${total} cases done.`,
  /** A finance officer who followed a link to case work, brought to the payments instead. */
  casesNotForFinance:
    'Cases are reviewed by officers and supervisors. As a finance officer, you work on the payments here.',
  /** An officer or supervisor who followed a link to the reconciliation, brought to the case queues instead. */
  paymentsForFinance: 'The payments are reconciled by finance officers. You have been brought to your case queues.',
  /** A bulk action pressed with no case ticked (its buttons stay enabled: a disabled one is skipped by Tab). */
  selectCasesFirst: 'Select the cases first: tick the box beside each case you want to act on.',
  overdue: 'Overdue',
  internalNoteHint: 'Internal notes are never shown to the applicant.',
  /** History lines the server writes (case_status_history.message) for moves without a message of their own. */
  history: {
    assigned: (officer: string) => `Assigned to ${officer}.`,
    released: 'Released to the new queue.',
    /** A move made with the operator's command (npm run case), under the officer it names (docs/decisions/0040). */
    assignedByCommand: (officer: string) => `Assigned to ${officer} by the operator's command.`,
    byCommand: "Made with the operator's command.",
    resubmitted: 'The applicant sent the requested information.',
    rejectionReturned: 'The proposed rejection was returned to the officer.',
    rejectionApproved: (supervisor: string) => `Rejection approved by supervisor ${supervisor}.`,
    /**
     * On a travel application, when the applicant's request naming it is approved (docs/decisions/0091); the
     * applicant reads the withdrawal's in their timeline too.
     */
    withdrawnBy: (request: string) => `Withdrawn as asked in request ${request}.`,
    amendedBy: (request: string) => `The trip was amended as asked in request ${request}.`,
  },
} as const;

// --- requests and answers -----------------------------------------------------------------------------

export const officerRoleSchema = z.enum(OFFICER_ROLES);
const caseStatusSchema = z.enum(CASE_STATUSES);
const idSchema = z.string().regex(RECORD_ID_PATTERN, 'must be a record id');

export const officerMeSchema = z.object({
  accountId: z.number().int(),
  loginName: z.string(),
  displayName: z.string(),
  roles: z.array(officerRoleSchema),
});
export type OfficerMe = z.infer<typeof officerMeSchema>;

export const officerListSchema = z.object({
  officers: z.array(
    z.object({ accountId: z.number().int(), displayName: z.string(), roles: z.array(officerRoleSchema) }),
  ),
});
export type OfficerList = z.infer<typeof officerListSchema>;

export const eserviceChoicesSchema = z.object({
  eservices: z.array(z.object({ code: z.string(), title: z.string() })),
});
export type EserviceChoices = z.infer<typeof eserviceChoicesSchema>;

export const queueQuerySchema = z.object({
  queue: z.enum(OFFICER_QUEUES).default('new'),
  appCode: z.string().min(1).max(10).optional(),
  status: caseStatusSchema.optional(),
  /** Age in calendar days since submission. */
  minAgeDays: queryWholeNumber('minAgeDays', 0, 36500).optional(),
  maxAgeDays: queryWholeNumber('maxAgeDays', 0, 36500).optional(),
  sort: z.enum(QUEUE_SORTS).default('age'),
  /** age desc = oldest first; dueDate asc = soonest due first. */
  order: z.enum(['asc', 'desc']).optional(),
  page: queryWholeNumber('page', 1, 100000).default(1),
  pageSize: queryWholeNumber('pageSize', 1, QUEUE_PAGE_SIZE_MAX).default(QUEUE_PAGE_SIZE_DEFAULT),
  /** A case number (loosely typed, like PD000042 2026) or the start of the applicant's name (any case). */
  q: z.string().trim().min(1).max(100).optional(),
});
export type QueueQuery = z.input<typeof queueQuerySchema>;

export const queueItemSchema = z.object({
  id: idSchema,
  caseNumber: z.string(),
  appCode: z.string(),
  eserviceTitle: z.string(),
  applicantName: z.string(),
  status: caseStatusSchema,
  version: z.number().int(),
  submittedAt: z.string().nullable(),
  /** Whole calendar days since submission (Singapore dates). */
  ageDays: z.number().int(),
  /** YYYY-MM-DD (Singapore); null when decided. While waiting for the applicant it is the date frozen so far. */
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  assignedTo: z.object({ accountId: z.number().int(), displayName: z.string() }).nullable(),
  updatedAt: z.string(),
});
export type QueueItem = z.infer<typeof queueItemSchema>;

export const queuePageSchema = z.object({
  /**
   * Each queue's cases under the e-service, ages and find asked for (not the status), as its tab's link opens
   * it; up to QUEUE_COUNT_CAP (which means that many or more).
   */
  counts: z.record(z.enum(OFFICER_QUEUES), z.number().int().min(0)),
  items: z.array(queueItemSchema),
  /** Cases of this queue matching the filters (all pages), up to QUEUE_COUNT_CAP like the counts. */
  total: z.number().int().min(0),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * With a find (q): how many cases of each queue match it (up to QUEUE_COUNT_CAP), so that a case looked
   * for in one queue but held in another is named there; null without a find.
   */
  found: z.record(z.enum(OFFICER_QUEUES), z.number().int().min(0)).nullable(),
  /**
   * With a find that is a case number: that case wherever it stands (in review with another officer, in no
   * queue of this one), so it opens from here; null otherwise or when there is no such submitted record.
   */
  foundCase: z.object({ id: idSchema, caseNumber: z.string(), status: caseStatusSchema }).nullable(),
});
export type QueuePage = z.infer<typeof queuePageSchema>;

export const historyEntrySchema = z.object({
  from: caseStatusSchema.nullable(),
  to: caseStatusSchema,
  at: z.string(),
  /**
   * Who: the officer's display name, the applicant's profile name (a master user's as acting for the case's
   * profile: OFFICER_SCREEN_TEXT.actingFor), or the operator named by the CLI.
   */
  by: z.string(),
  message: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const internalNoteSchema = z.object({ id: z.string(), at: z.string(), by: z.string(), text: z.string() });
export type InternalNote = z.infer<typeof internalNoteSchema>;

export const infoRequestSchema = z.object({
  id: z.string(),
  requestedAt: z.string(),
  requestedBy: z.string(),
  message: z.string(),
  /** Names of the form's questions (attachment questions too) the applicant may change. */
  fields: z.array(z.string()),
  /** The same questions' labels, in the same order. */
  fieldLabels: z.array(z.string()),
  answeredAt: z.string().nullable(),
});
export type InfoRequest = z.infer<typeof infoRequestSchema>;

/** One answer changed by a resubmission: before and after (values as stored, and as people read them). */
export const answerChangeSchema = z.object({
  field: z.string(),
  label: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /** The answers in the words the applicant's check answers shows (contract/forms describeAnswer). */
  beforeText: z.string(),
  afterText: z.string(),
});
export type AnswerChange = z.infer<typeof answerChangeSchema>;

/** A document of the record (download at OFFICER_PATHS.document). */
export const officerDocumentSchema = z.object({
  id: z.string(),
  fieldName: z.string(),
  fileName: z.string(),
  mediaType: z.string(),
  sizeBytes: z.number().int(),
  uploadedAt: z.string(),
});

/**
 * A file an officer attached for the applicant (docs/decisions/0090), downloaded at OFFICER_PATHS.document.
 * sentAt: when the decision it went with was taken; null while it waits for the decision. A file found
 * infected (scanStatus) is never given to the applicant, and one not yet scanned only once it is clean.
 * sha256: of its bytes, by which the case screen knows the same file chosen again before sending it.
 */
export const officerDecisionDocumentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  mediaType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  scanStatus: z.enum(SCAN_STATUSES),
  attachedAt: z.string(),
  attachedBy: z.string(),
  sentAt: z.string().nullable(),
});
export type OfficerDecisionDocument = z.infer<typeof officerDecisionDocumentSchema>;

/** A bill as an officer weighs an application by it (docs/decisions/0087): what was asked, what arrived. */
export const officerBillSchema = z.object({
  reference: z.string(),
  amountCents: z.number().int(),
  receivedCents: z.number().int(),
  refundedCents: z.number().int(),
  refunds: refundsOnBillSchema,
  state: z.enum(BILL_STATES),
  receiptNumber: z.string().nullable(),
  /** When it was paid in full in the portal; null while it is not. */
  settledAt: z.string().nullable(),
});
export type OfficerBill = z.infer<typeof officerBillSchema>;

/** An answer as the applicant's check answers words it (contract/forms summarise). */
const answerRowSchema = z.object({ path: z.string(), label: z.string(), value: z.string() });

/** A request to amend or withdraw a travel application, as the application's case view lists it (0091). */
export const travelRequestSchema = z.object({
  id: idSchema,
  caseNumber: z.string(),
  status: caseStatusSchema,
  /** Null for an answer this version does not know. */
  action: z.enum(TRAVEL_REQUEST_ACTIONS).nullable(),
  submittedAt: z.string().nullable(),
  /** When an officer approved it; null while it is not approved. */
  approvedAt: z.string().nullable(),
  /** An amendment's new dates and countries, as the applicant checked them; empty for a withdrawal. */
  trip: z.array(answerRowSchema),
});
export type TravelRequest = z.infer<typeof travelRequestSchema>;

export const officerCaseSchema = z.object({
  id: idSchema,
  caseNumber: z.string(),
  appCode: z.string(),
  eserviceTitle: z.string(),
  applicantName: z.string(),
  profileId: z.string(),
  status: caseStatusSchema,
  version: z.number().int(),
  formVersion: z.number().int(),
  submittedAt: z.string().nullable(),
  dueDate: z.string().nullable(),
  overdue: z.boolean(),
  assignedTo: z.object({ accountId: z.number().int(), displayName: z.string() }).nullable(),
  /** The answers as submitted (the frozen snapshot of the last submission). */
  answers: z.record(z.string(), z.unknown()),
  /**
   * The form's questions in order (name and label): those a request for more information may name. hiddenBy
   * names the questions whose answers hide it now (its section's condition and its own), empty while it is
   * shown: a request for it lets the applicant change those too (withDependents, docs/decisions/0040).
   */
  questions: z.array(
    z.object({ name: z.string(), label: z.string(), type: z.string(), hiddenBy: z.array(z.string()) }),
  ),
  /**
   * The answers as the applicant checked them before sending (contract/forms summarise: option labels,
   * money, dates, file names; questions the answers hid left out), in the form's order.
   */
  answerRows: z.array(answerRowSchema),
  documents: z.array(officerDocumentSchema),
  /** The case's files no scanner has passed, hidden from officers (docs/decisions/0037): how many. */
  unscannedDocuments: z.number().int().nonnegative(),
  /** The files officers attached for the applicant: sent with a decision, or waiting for it (0090). */
  decisionDocuments: z.array(officerDecisionDocumentSchema),
  history: z.array(historyEntrySchema),
  notes: z.array(internalNoteSchema),
  infoRequests: z.array(infoRequestSchema),
  /** What the latest resubmission changed; empty when the record was submitted once. */
  changes: z.array(answerChangeSchema),
  /** A rejection waiting for a supervisor: the reason and who proposed it. */
  proposedRejection: z.object({ reason: z.string(), by: z.string(), byAccountId: z.number().int() }).nullable(),
  /** The reason the applicant reads, once rejected. */
  decisionReason: z.string().nullable(),
  /** The record's own bill (a payment e-service's); null when it has none. */
  bill: officerBillSchema.nullable(),
  /** A refund's: the receipt it draws on (that record's bill) and what it draws; null when it draws on none. */
  refundOf: z
    .object({
      caseNumber: z.string(),
      eserviceTitle: z.string(),
      bill: officerBillSchema,
      drawnCents: z.number().int(),
    })
    .nullable(),
  /**
   * A travel application's requests to amend or withdraw it (TRA records naming it), oldest first; the latest
   * approved amendment is the trip as it now stands (docs/decisions/0091). Empty for other records.
   */
  travelRequests: z.array(travelRequestSchema),
  /** A request to amend or withdraw: the travel application it names, as it stands now; null for others. */
  travelApplication: z.object({ id: idSchema, caseNumber: z.string(), status: caseStatusSchema }).nullable(),
  allowedActions: z.array(z.enum(OFFICER_ACTIONS)),
});
export type OfficerCase = z.infer<typeof officerCaseSchema>;

const version = z.number().int().min(1);
/**
 * The key of one attempt at an action, made by the case screen and sent again with the same action when
 * its answer was lost: the server takes the action once, and answers the retry with the case after it
 * rather than as a colleague's change (docs/decisions/0066). A bulk action's attempt has one key for all
 * its cases (kept per case). Optional: the operator's tools send none.
 */
const actionKey = z.uuid().optional();
export const officerActionRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('assignToMe'), version, actionKey }),
  z.object({ action: z.literal('assign'), version, actionKey, officerAccountId: z.number().int().min(1) }),
  z.object({ action: z.literal('release'), version, actionKey }),
  z.object({ action: z.literal('approve'), version, actionKey }),
  z.object({ action: z.literal('proposeRejection'), version, actionKey, reason: z.string().trim().max(REASON_MAX) }),
  z.object({ action: z.literal('approveRejection'), version, actionKey }),
  z.object({
    action: z.literal('returnRejection'),
    version,
    actionKey,
    note: z.string().trim().max(NOTE_MAX).default(''),
  }),
  z.object({
    action: z.literal('requestInfo'),
    version,
    actionKey,
    message: z.string().trim().max(REASON_MAX),
    fields: z.array(z.string().min(1).max(100)).max(100),
  }),
  z.object({ action: z.literal('addNote'), version, actionKey, text: z.string().trim().max(NOTE_MAX) }),
]);
export type OfficerActionRequest = z.input<typeof officerActionRequestSchema>;

/**
 * A successful action answers the case view (officerCaseSchema) with OFFICER_MESSAGES.done[action], and so
 * does an action sent again with the key of an attempt already taken (the case as it is now). A stale
 * version answers HTTP 409, responseCode '409', OFFICER_MESSAGES.staleVersion, and the current case view in
 * responseJSON (so the screen shows the new state at once).
 */
export const bulkActionRequestSchema = z.object({
  action: z.enum(BULK_ACTIONS),
  cases: z
    .array(z.object({ id: idSchema, version }))
    .min(1)
    .max(BULK_MAX),
  actionKey,
});
export type BulkActionRequest = z.infer<typeof bulkActionRequestSchema>;

export const bulkResultSchema = z.object({
  results: z.array(
    z.object({
      id: z.string(),
      ok: z.boolean(),
      /** OFFICER_MESSAGES.done[action] or the reason it was refused. */
      message: z.string(),
      /** The case's version after the action (or now, when refused); null for an unknown case. */
      version: z.number().int().nullable(),
      status: caseStatusSchema.nullable(),
    }),
  ),
});
export type BulkResult = z.infer<typeof bulkResultSchema>;

export const officerCaseParamsSchema = z.object({ id: idSchema });
export const officerDocumentParamsSchema = z.object({ id: idSchema, documentId: z.uuid('must be a document id') });
