import { API_PATHS } from './paths.ts';

/**
 * E-service records (cases): their workflow and the messages of the record calls. The specification
 * leaves the state machine open (§4 "not shown"); the brief fixes draft → submitted → in review →
 * approved or rejected.
 */
export const CASE_STATUSES = ['draft', 'submitted', 'in_review', 'approved', 'rejected'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

export const CASE_STATUS_LABELS: Record<CaseStatus, string> = {
  draft: 'Draft',
  submitted: 'Submitted',
  in_review: 'In review',
  approved: 'Approved',
  rejected: 'Rejected',
};

/** Allowed moves. Only the owner submits; an operator moves a submitted case on (server/cases/cli.ts). */
export const CASE_TRANSITIONS: Record<CaseStatus, readonly CaseStatus[]> = {
  draft: ['submitted'],
  submitted: ['in_review'],
  in_review: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

export function canMove(from: CaseStatus, to: CaseStatus): boolean {
  return CASE_TRANSITIONS[from].includes(to);
}

export function isCaseStatus(value: unknown): value is CaseStatus {
  return typeof value === 'string' && (CASE_STATUSES as readonly string[]).includes(value);
}

/** How many of the latest records the dashboard lists; GET /api/cases/summary answers that many. */
export const DASHBOARD_LATEST_COUNT = 5;

/** Only a draft may be changed or deleted by its owner. */
export const isEditable = (status: CaseStatus) => status === 'draft';

/** Case numbers as shown: `PD 000042 2026` (contract/casenumber.ts). Search accepts spaces loosely. */
export const CASE_NUMBER_PATTERN = /^([A-Z]{1,5}) ?([0-9]{6,}) ?([0-9]{4})$/;

/** Reads a case number typed by a user: trims, upper-cases and restores single spaces; null if not one. */
export function normalizeCaseNumber(input: string): string | null {
  const m = CASE_NUMBER_PATTERN.exec(input.trim().toUpperCase().replace(/\s+/g, ' '));
  return m ? `${m[1]} ${m[2]} ${m[3]}` : null;
}

/**
 * Input the user typed but did not save is kept in this browser (localStorage, per user, profile and
 * e-service) so that an expired session or a dropped network loses nothing; older copies are dropped.
 */
export const UNSAVED_INPUT_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

/** Answers of the record calls beyond the specification's catalogue (§8). */
export const CASE_MESSAGES = {
  versionConflict:
    'This record was changed elsewhere since you opened it, so your changes were not saved. Your input is kept: reopen the record to see the latest version, then restore your changes if you still want them.',
  notEditable: 'This record has been submitted and can no longer be changed.',
  notSubmittedYet: 'The acknowledgement is ready once the record has been submitted.',
  notFound: 'No such record for the profile you are acting for.',
  eserviceNotFound: 'No such e-service.',
  eserviceNotAllowed: 'You are not authorised to use this e-service.',
  badCaseNumber: 'Enter a case number like PD 000042 2026.',
  caseNumberNotFound: 'No record with that case number for the profile you are acting for.',
  statusNotAllowed: (from: string, to: string) => `A record that is ${from} cannot be moved to ${to}.`,
  submitted: 'Record submitted successfully.',
  discardConfirm: 'Discard the changes you have not saved?',
  deleteConfirm: (caseNumber: string) => `Delete record ${caseNumber}? This cannot be undone.`,
  unsavedOffer: (time: string) => `You have unsaved changes from ${time}.`,
  readOnly: 'This record has been submitted, so it can be read but no longer changed.',
} as const;

/**
 * Paths of one record under the API base (`:id` is the record id; fill with fillPath). Every change is a
 * POST, like every other call of the portal (spec §7).
 */
export const CASE_PATHS = {
  one: `${API_PATHS.cases}/:id`,
  delete: `${API_PATHS.cases}/:id/delete`,
  /** GET: the PDF acknowledgement of a submitted record (application/pdf), downloadable again at any time. */
  acknowledgement: `${API_PATHS.cases}/:id/acknowledgement.pdf`,
} as const;
