import { formatLimit, type DocumentLimits } from './documents.ts';

const REQUESTS_HEADING = 'Requests for more information';

/**
 * The back office's screen words beyond the officer calls' own messages (contract/officer.ts), zod-free so
 * the applicant's screens may read them too (docs/decisions/0049).
 */
export const OFFICER_SCREEN_TEXT = {
  queuesHeading: 'Case queues',
  noCases: 'There are no cases here.',
  /** Beside a find's results: the other queues holding cases it matches. */
  foundElsewhere: 'Also found in other queues',
  /** A case found by its number outside the queue shown (a colleague's work, in no queue of this officer). */
  foundCase: (caseNumber: string, status: string) => `Case ${caseNumber} is found: ${status}.`,
  openFoundCase: (caseNumber: string) => `Open case ${caseNumber}`,
  /** A page beyond the last (cases were taken or decided since the link was made). */
  pastLastPage: 'This page has no cases any more: the queue is shorter now.',
  nobody: 'Nobody',
  signedInAs: (name: string, roles: string) => `Signed in as ${name} (${roles})`,
  loadFailed: 'The cases could not be loaded.',
  caseLoadFailed: 'This case could not be loaded.',
  backToQueues: 'Back to the queues',
  answersHeading: 'Submitted answers',
  documentsHeading: 'Documents',
  noDocuments: 'No documents were uploaded.',
  /**
   * Files no scanner has passed: held back, not missing (docs/decisions/0037). Not yet scanned (the embedded
   * demo without a scanner) or found infected when scanned later (docs/decisions/0067): either way not passed.
   */
  unscannedDocuments: (count: number) =>
    count === 1
      ? '1 file is not shown: it has not passed a virus check.'
      : `${count} files are not shown: they have not passed a virus check.`,
  paymentHeading: 'Payment',
  refundHeading: 'The receipt this refund draws on',
  /** The record a refund's receipt was issued for. */
  receiptOf: (receiptNumber: string, caseNumber: string, title: string) =>
    `Receipt ${receiptNumber}, for ${caseNumber} (${title}).`,
  billRows: {
    reference: 'Payment reference',
    state: 'Payment status',
    amount: 'Amount billed',
    received: 'Received',
    refundsPaid: 'Refunds paid out',
    refundsHeld: 'Held for refunds applied for, not yet paid',
    /** What a cancelled bill held and finance sent back (docs/decisions/0059): no refund of it was applied for. */
    returned: 'Returned to the payer',
    receiptNumber: 'Receipt number',
    settledAt: 'Paid in full',
    drawn: 'This refund draws',
  },
  historyHeading: 'Status history',
  notesHeading: 'Internal notes',
  noNotes: 'No notes yet.',
  changesHeading: 'What changed since the last submission',
  /** No answer changed, and at most one request was answered: the record is as first submitted. */
  noChanges: 'Nothing has changed since the first submission.',
  /**
   * The last answer changed nothing, after an earlier one: the comparison is of the last answer only, and
   * an earlier one may have changed answers since the first submission.
   */
  noChangesInLastAnswer: (answeredAt: string) =>
    `Nothing changed in the last answer, sent ${answeredAt}. Earlier answers are not compared here.`,
  requestsHeading: REQUESTS_HEADING,
  /** A request's place among a case's rounds of requests, oldest first: its summary when collapsed. */
  requestRound: (n: number, total: number) => `Request ${n} of ${total}`,
  requestQuestions: (labels: readonly string[]) => `Questions: ${labels.join(', ')}.`,
  requestAnswered: 'Answered',
  requestNotAnswered: 'Not answered yet.',
  /**
   * In the status history, a request's line names it rather than print its message a second time: on a record
   * asked again and again, the repeats pushed the answers being decided screens down the page.
   */
  historyRequest: (n: number, total: number) => `Request ${n} of ${total}: see ${REQUESTS_HEADING}`,
  /** The case's list of links to its parts: a long history no longer hides the answers being decided. */
  onThisPage: 'On this page',
  actionsHeading: 'Actions',
  noActions: 'There is nothing you can do with this case now.',
  /** Said above the note form, which stays open when nothing can be decided. */
  onlyNotes: 'Nothing can be decided on this case now. You can still add an internal note.',
  reasonLabel: 'Reason the applicant will read',
  returnNoteLabel: 'Why the rejection goes back to the officer (optional)',
  /** The same note named inside a sentence (a message about its length). */
  returnNoteName: 'The note to the officer',
  messageLabel: 'Message to the applicant',
  fieldsLegend: 'Questions or documents the applicant must change',
  /**
   * A question the applicant's answers hide, in that list: asked for, it is asked once the answers that hide it
   * are changed, and those the applicant may change too (docs/decisions/0040).
   */
  hiddenQuestion: (label: string, by: readonly string[]) =>
    `${label} (hidden by the ${by.length === 1 ? 'answer' : 'answers'} to ${by.map((b) => `“${b}”`).join(' and ')}, which the applicant may change too)`,
  noteLabel: 'Note',
  officerLabel: 'Officer',
  chooseOfficer: 'Choose an officer to assign the case to.',
  /** Beside a stale action whose form the case no longer offers: the words typed for it, not lost with it. */
  unsent: 'What you wrote was not sent. It is kept here so that you can copy it.',
  unsentLabel: 'What you wrote (not sent)',
  proposedRejection: (by: string) => `Rejection proposed by ${by}`,
  /** In a case's status history: a master user who acted for the case's profile (a proxy), both by name. */
  actingFor: (person: string, profile: string) => `${person} (acting for ${profile})`,
  before: 'Before',
  after: 'After',
  /**
   * A final decision is asked once more before it goes (docs/decisions/0070): the applicant is told at once,
   * and nothing in the back office undoes it.
   */
  confirmApprove: (caseNumber: string) => `Approve case ${caseNumber}?`,
  confirmApproveRejection: (caseNumber: string) => `Reject case ${caseNumber}?`,
  confirmDecision: 'The applicant is told at once, and the decision cannot be undone.',
  /** The files a decision sends, named in its confirmation (docs/decisions/0090). */
  confirmDocuments: (names: readonly string[]) =>
    names.length === 1
      ? `The applicant gets ${names[0]} with it.`
      : `The applicant gets ${names.length} documents with it: ${names.join(', ')}.`,
  /** An officer's files for the applicant, attached to the decision (docs/decisions/0090). */
  decisionDocumentsHeading: 'Documents for the applicant',
  decisionDocumentsHint: (limits: Pick<DocumentLimits, 'maxBytes' | 'maxFiles'>) =>
    `A statement, a letter: the applicant downloads them from the record once you decide. PDF, JPG or PNG, each smaller than ${formatLimit(limits.maxBytes)}, up to ${limits.maxFiles} for a decision.`,
  attachLabel: 'Attach a file to the decision',
  noDecisionDocuments: 'No file is attached to the decision.',
  /** Beside a file still waiting for the decision, and one sent with it (on the day given). */
  waitingForDecision: 'goes with the decision',
  sentWithDecision: (day: string) => `sent with the decision on ${day}`,
  attachedBy: (name: string) => `attached by ${name}`,
  /** A file no scanner has passed, or one found infected: not given to the applicant (docs/decisions/0067). */
  notScannedForApplicant: 'Not yet checked for viruses – the applicant gets it once it has been',
  infectedForApplicant: 'Contains a virus, so it is not given to the applicant',
  /** In the select column, for a case the queue's bulk actions cannot act on (a proposed rejection). */
  notSelectable: (caseNumber: string) => `${caseNumber} cannot be selected: open it to act on it.`,
  confirmBulkApprove: (count: number) => (count === 1 ? 'Approve 1 case?' : `Approve ${count} cases?`),
  confirmBulkDecision: (caseNumbers: readonly string[]) =>
    `${caseNumbers.join(', ')}: each applicant is told at once, and the decisions cannot be undone.`,
} as const;

/** The applicant's view of where an application stands. */
export const PROGRESS_TEXT = {
  heading: 'Where your application stands',
  nextStepHeading: 'What you need to do next',
  requestHeading: 'The officer asked for more information',
  requestedFields: 'Change these answers:',
  reasonHeading: 'Reason',
  resubmit: 'Resubmit your application',
  resubmitHeading: 'Send the changed answers',
  changeRequested: 'Change the answers the officer asked about',
  notRequested: 'The officer did not ask about this answer, so it cannot be changed.',
  answer: 'Answer the request',
  /** The files an officer sent with the decision, on the record's page (docs/decisions/0090). */
  decisionDocumentsHeading: 'Documents from the officer',
  decisionDocumentsHint: 'The officer sent these with the decision on your application.',
} as const;
