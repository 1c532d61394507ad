import { API_PATHS } from './paths.ts';

/**
 * E-service records (cases): their workflow and the messages of the record calls. The specification
 * leaves the state machine open (§4 "not shown"); the back office's workflow is
 * docs/decisions/0040-case-workflow-four-eyes-and-more-information.md: draft → submitted → in review
 * (assigned) → more information requested → (resubmitted) in review … → approved, or rejection proposed →
 * rejected once a supervisor approves it. A travel application not yet decided is withdrawn when an officer
 * approves the applicant's request to withdraw it (docs/decisions/0091).
 */
export const CASE_STATUSES = [
  'draft',
  'submitted',
  'in_review',
  'more_info_requested',
  'rejection_proposed',
  'approved',
  'rejected',
  'withdrawn',
] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  in_review: 'In review',
  more_info_requested: 'More information requested',
  rejection_proposed: 'Rejection proposed',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/**
 * What the applicant is shown of a status: a proposed rejection is the back office's own business until a
 * supervisor decides it, so the applicant still reads "in review".
 */
export function applicantStatus(status: CaseStatus): CaseStatus {
  return status === 'rejection_proposed' ? 'in_review' : status;
}

/** The statuses an applicant sees, in workflow order (the dashboard's counts list these). */
export const APPLICANT_STATUSES = CASE_STATUSES.filter((s) => s !== 'rejection_proposed');

/**
 * Allowed moves. Only the owner submits and resubmits; officers move the rest through the back office
 * (which adds its own rules: assignment, four eyes), an operator through server/cases/cli.ts by the same
 * rules. In review back to submitted is a release (nobody assigned). A rejection is always proposed first,
 * with its reason, and approved by a second officer (docs/decisions/0040).
 */
export const CASE_TRANSITIONS: Record<CaseStatus, readonly CaseStatus[]> = {
  draft: ['submitted'],
  submitted: ['in_review', 'withdrawn'],
  in_review: ['approved', 'more_info_requested', 'rejection_proposed', 'submitted', 'withdrawn'],
  more_info_requested: ['in_review', 'withdrawn'],
  rejection_proposed: ['rejected', 'in_review', 'withdrawn'],
  approved: [],
  rejected: [],
  withdrawn: [],
};

/** Decided: nothing moves a record on from here (a withdrawal is the applicant's decision, docs/decisions/0091). */
export const isDecided = (status: CaseStatus) =>
  status === 'approved' || status === 'rejected' || status === 'withdrawn';

export function canMove(from: CaseStatus, to: CaseStatus): boolean {
  return CASE_TRANSITIONS[from].includes(to);
}

export function isCaseStatus(value: unknown): value is CaseStatus {
  return typeof value === 'string' && (CASE_STATUSES as readonly string[]).includes(value);
}

/** How many of the latest records the dashboard lists; GET /api/cases/summary answers that many. */
export const DASHBOARD_LATEST_COUNT = 5;

/**
 * The most records of one e-service its screen lists, most recently changed first; the list says how many
 * there are in all, and an older one is found by its case number.
 */
export const RECORD_LIST_MAX = 200;

/** Only a draft may be changed or deleted by its owner. */
export const isEditable = (status: CaseStatus) => status === 'draft';

/**
 * Open drafts one profile may hold at once, of all its e-services (docs/decisions/0064): far more than a
 * trustee's work needs, so that a script or a save retried in a loop cannot take case numbers by the
 * thousand. Submitted records and deleted drafts do not count.
 */
export const MAX_OPEN_DRAFTS = 100;

export { normalizeCaseNumber } from './casenumber.ts';

/**
 * Input the user typed but did not save is kept in this browser (localStorage, per user, profile and
 * e-service) so that an expired session or a dropped network loses nothing; older copies are dropped.
 */
export const UNSAVED_INPUT_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

/** A record's id as addresses and calls carry it: the database's bigint, written plainly. */
export const RECORD_ID_PATTERN = /^[1-9][0-9]{0,17}$/;

/** Answers of the record calls beyond the specification's catalogue (§8). */
export const CASE_MESSAGES = {
  versionConflict:
    'This record was changed elsewhere since you opened it, so your changes were not saved. Your input is kept: reopen the record to see the latest version, then restore your changes if you still want them.',
  /** A delete refused so: the user sent no changes, so there is nothing of theirs to restore. */
  deleteConflict:
    'This draft was changed elsewhere since you opened it, so it was not deleted. It is shown as it now is: delete it again if you still want to.',
  /** The way the versionConflict notice names: it keeps the input, and offers it over the latest version. */
  reopenLatest: 'Reopen the latest version',
  notEditable: 'This record has been submitted and can no longer be changed.',
  notSubmittedYet: 'The acknowledgement is ready once the record has been submitted.',
  notFound: 'No such record for the profile you are acting for.',
  /** The page of a record the address names that is not the acting profile's: no form under it. */
  notFoundHeading: 'Record not found',
  /** Said to a master user on that page: the record may be a profile's they act for, not the one acted for now. */
  notFoundOtherProfile:
    'If the record is one of another profile you act for, switch to that profile and open the record again.',
  notFoundSwitch: 'Switch profile',
  notFoundRecords: 'See your records',
  /**
   * A record of the acting profile that its owner deleted (only a draft can be): said only to that profile;
   * to any other it reads as notFound, so nobody learns which records another profile has.
   */
  deleted: 'This draft was deleted.',
  eserviceNotFound: 'No such e-service.',
  /** GET /api/eservices/:code?version=N of an e-service that exists, for a version its form never had. */
  formVersionNotFound: (version: number) => `This e-service's form has no version ${version}.`,
  eserviceNotAllowed: 'You are not authorised to use this e-service.',
  /** A record of an e-service with a screen of its own (OWN_SCREEN_CODES) made or changed as a form's. */
  ownScreen:
    'This e-service is used on its own screen, not as a form, so no form record of it can be saved or submitted.',
  badCaseNumber: 'Enter a case number like PD 000042 2026.',
  caseNumberNotFound: 'No record with that case number for the profile you are acting for.',
  /** The hint and the message of a malformed search take the e-service's own case type. */
  caseNumberExample: (caseType: string, year: number) => `For example, ${caseType} 000042 ${year}.`,
  badCaseNumberOf: (caseType: string, year: number) => `Enter a case number like ${caseType} 000042 ${year}.`,
  /** A case number searched on one e-service's page that is a record of another. */
  belongsTo: (caseNumber: string, title: string) => `Record ${caseNumber} is a record of ${title}.`,
  openIn: (title: string) => `Open it in ${title}`,
  statusNotAllowed: (from: string, to: string) => `A record that is ${from} cannot be moved to ${to}.`,
  operatorMoveNotAllowed: (from: string, to: string) =>
    `The operator's command moves a record from Submitted to In review, from In review to Approved, and from Rejection proposed to Rejected. ${from} to ${to} is done in the back office, or by the applicant.`,
  /** The command asked to reject a record in review: a rejection needs its reason and four eyes (0040). */
  operatorRejectionNotProposed:
    'A record in review is not rejected outright: its officer proposes the rejection in the back office, with the reason the applicant will read, and another supervisor then approves it there or with this command.',
  /** The command's --operator names no enabled officer account (docs/decisions/0040). */
  operatorUnknown: (name: string) =>
    `"${name}" is not an enabled officer's account: name yours with --operator, e.g. --operator officer.demo.`,
  submitted: 'Record submitted successfully.',
  discardConfirm: 'Discard the changes you have not saved?',
  deleteConfirm: (caseNumber: string) => `Delete record ${caseNumber}? This cannot be undone.`,
  unsavedOffer: (time: string) => `You have unsaved changes from ${time}.`,
  /** Restored over a later version: answers the user and someone else both changed take the user's. */
  restoredOverOthers: (labels: string) =>
    `These answers were also changed elsewhere since you opened the record, and your changes were restored over them: ${labels}. Check them before you save.`,
  /**
   * Kept input of a record that can take no changes any more (submitted, or its request answered, by someone
   * else or in another tab): nothing to restore it into, so only its discarding is offered.
   */
  unsavedNotUsable:
    'This record can no longer be changed, so they cannot be restored or sent. Discard them once you no longer need them.',
  /**
   * Input kept in this browser under another profile the user acts for (or their own): it is offered back only
   * when acting for that profile again, so the form says whose it is, never what it holds.
   */
  unsavedForProfile: (name: string) =>
    `You have unsaved changes to this e-service, made while acting for ${name}. They are kept in this browser. To continue them, switch to ${name}.`,
  readOnly: 'This record has been submitted, so it can be read but no longer changed.',
  /** Resubmission after an officer's request for more information. */
  notAwaitingInfo: 'No information has been requested for this record, so it cannot be resubmitted.',
  onlyRequestedFields: (labels: string) =>
    `Only the questions the officer named may be changed. These were changed and must be put back: ${labels}.`,
  resubmitted: 'Your answers have been sent to the officer.',
  /** A resubmission refused as the request was answered meanwhile (another person on the profile, another tab). */
  requestAnswered:
    'This request for more information has already been answered (by another person or in another tab), so your changes were not sent. The record is shown as it now is, with the answers that were sent. Your changes are kept in this browser until you discard them.',
  /** The same, the record withdrawn meanwhile (an approved withdrawal of a travel permission, 0091). */
  withdrawnMeanwhile:
    'This record was withdrawn meanwhile, so your changes were not sent. The record is shown as it now is. Your changes are kept in this browser until you discard them.',
  /**
   * A first save whose key made a record that was saved since, or holds other answers (another tab restored the
   * same kept input): refused rather than written over; the answers typed stay, for a record of their own.
   */
  madeElsewhere: (caseNumber: string) =>
    `This form was saved before, as record ${caseNumber} (in another tab or window), which now holds other answers. Yours were not saved over them and are kept here: save again to keep them as a new record.`,
  /** A new record refused at MAX_OPEN_DRAFTS: the answers typed stay on the form, unsaved but kept. */
  tooManyDrafts: (max: number) =>
    `This profile already has ${max} draft records, the most it may keep. Submit or delete a draft you no longer need, then save this one again. Your answers are kept.`,
} as const;

/**
 * Where a record stands and what its applicant must do next (the dashboard and the record page): one line
 * per status the applicant sees.
 */
export const NEXT_STEP_MESSAGES: Record<CaseStatus, string> = {
  draft: 'Complete the form and submit it.',
  submitted: 'Nothing for now: your application is waiting for an officer.',
  in_review: 'Nothing for now: an officer is reviewing your application.',
  more_info_requested: 'Change the answers the officer asked about, then resubmit.',
  rejection_proposed: 'Nothing for now: an officer is reviewing your application.',
  approved: 'Nothing more: your application is approved.',
  rejected: 'Nothing more: your application was rejected. Read the reason below.',
  withdrawn: 'Nothing more: your application was withdrawn at your request.',
};

/**
 * The next step of a decision that came with files for the applicant (docs/decisions/0090), in place of
 * "nothing more".
 */
export const DECISION_DOCUMENTS_NEXT_STEP = {
  approved:
    'Your application is approved. The officer sent documents with the decision: download them from the record.',
  rejected:
    'Your application was rejected. Read the reason, and download the documents the officer sent with the decision from the record.',
} as const satisfies Partial<Record<CaseStatus, string>>;

/** The timeline's words for each step the applicant sees. */
export const TIMELINE_LABELS: Record<CaseStatus, string> = {
  draft: 'Draft saved',
  submitted: 'Submitted',
  in_review: 'In review',
  more_info_requested: 'More information requested',
  rejection_proposed: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

/**
 * Paths of one record under the API base (`:id` is the record id; fill with fillPath). Every change is a
 * POST, like every other call of the portal (spec §7).
 */
export const CASE_PATHS = {
  one: `${API_PATHS.cases}/:id`,
  delete: `${API_PATHS.cases}/:id/delete`,
  /** GET: the PDF acknowledgement of a submitted record (application/pdf), downloadable again at any time. */
  acknowledgement: `${API_PATHS.cases}/:id/acknowledgement.pdf`,
  /**
   * POST {version, data}: while more information is requested, the owner sends the record back with only
   * the named questions changed (documents added on those questions beforehand); 400 naming any other.
   */
  resubmit: `${API_PATHS.cases}/:id/resubmit`,
} as const;
