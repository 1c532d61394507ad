import { MESSAGES } from '../catalogue.ts';
import { formatIsoDate } from '../dates.ts';
import { IDENTIFIER_LENGTH } from '../validation.ts';

/**
 * Per-field messages of the form validator, GOV.UK style ('Enter …', 'Select …', '… must be …'), keyed
 * by the field's label. The specification gives only the postal-code message ('Invaild Postal Code',
 * its spelling kept) and the summary.
 */

/** A label inside a sentence: lower-case first letter, unless it starts an acronym (NRIC, UEN…). */
export function inSentence(label: string): string {
  return /^[A-Z][A-Z]/.test(label) ? label : label.charAt(0).toLowerCase() + label.slice(1);
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * A date question's label that ends on a preposition ("Payments from", "Debt due on") reads as broken English
 * inside a sentence ("Enter payments from"): it is quoted there, as the question's own words.
 */
const dangling = (label: string) => /\b(from|to|on|until|by|at|in|up to)$/i.test(label.trim());
const dateName = (label: string) => (dangling(label) ? `“${label}”` : label);
const dateInSentence = (label: string) => (dangling(label) ? `“${label}”` : inSentence(label));

/** A bound as people read it: `100,000`, not `100000`. */
const grouped = (n: number) => n.toLocaleString('en-SG', { maximumFractionDigits: 20 });

/** The English plural of a row's item label: 'country' → 'countries', 'journey' → 'journeys', 'trip' → 'trips'. */
const nounPlural = (noun: string) => (/[^aeiou]y$/i.test(noun) ? `${noun.slice(0, -1)}ies` : `${noun}s`);

export const FIELD_MESSAGES = {
  required: (label: string) => `Enter ${inSentence(label)}`,
  /** A date left empty: "Enter the date for “Payments from”", where "Enter payments from" made no sense. */
  dateRequired: (label: string) => (dangling(label) ? `Enter the date for “${label}”` : `Enter ${inSentence(label)}`),
  choose: (label: string) => `Select ${inSentence(label)}`,
  /** A yes/no question's label is a statement or a request, not a name to put after 'Select'. */
  yesNo: (label: string) => `Select yes or no for “${label}”`,
  /** A file question left without a file: there is nothing to type ('Enter copy of the receipt' misled). */
  upload: (label: string) => `Upload ${inSentence(label)}`,
  identifier: (label: string) => `${label} must be exactly ${IDENTIFIER_LENGTH} characters`,
  digitsOnly: (label: string) => `${label} must contain digits only`,
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer`,
  range: (label: string, min: number | undefined, max: number | undefined) =>
    min !== undefined && max !== undefined
      ? `${label} must be between ${grouped(min)} and ${grouped(max)}`
      : min !== undefined
        ? `${label} must be ${grouped(min)} or more`
        : `${label} must be ${grouped(max!)} or less`,
  date: (label: string) => `${dateName(label)} must be a real date`,
  // Today is Singapore's, which a browser abroad may already or not yet be on: the message says which day it is.
  notInPast: (label: string, today: string) =>
    `${dateName(label)} must be today or in the future (today in Singapore is ${formatIsoDate(today)})`,
  notInFuture: (label: string, today: string) =>
    `${dateName(label)} must be today or in the past (today in Singapore is ${formatIsoDate(today)})`,
  maxDaysAhead: (label: string, days: number, today: string) =>
    `${dateName(label)} must be within ${plural(days, 'day', 'days')} from today (today in Singapore is ${formatIsoDate(today)})`,
  maxDaysAgo: (label: string, days: number, today: string) =>
    `${dateName(label)} must be within the last ${plural(days, 'day', 'days')} (today in Singapore is ${formatIsoDate(today)})`,
  notInList: (label: string) => `Select ${inSentence(label)} from the list`,
  amount: (label: string, minorDigits: number) =>
    minorDigits > 0
      ? `${label} must be an amount in numbers, with up to ${minorDigits} decimal places`
      : `${label} must be a whole amount in numbers`,
  /** An amount question of one currency (its `currency`) answered in another: `in` is currencyInWords'. */
  fixedCurrency: (label: string, currencyWords: string) => `${label} must be in ${currencyWords}`,
  /** A fee question (its `fee`) sent with another figure: the fee is the portal's (docs/decisions/0078). */
  fixedFee: (label: string, fee: string) => `${label} is ${fee}, and cannot be changed`,
  amountAtLeast: (label: string, min: string) => `${label} must be ${min} or more`,
  amountAtMost: (label: string, max: string) => `${label} must be ${max} or less`,
  minChoices: (label: string, n: number) =>
    `Select at least ${plural(n, 'option', 'options')} for ${inSentence(label)}`,
  maxChoices: (label: string, n: number) =>
    `Select no more than ${plural(n, 'option', 'options')} for ${inSentence(label)}`,
  /** An option that rules out the others (docs/decisions/0106), sent beside another. */
  exclusiveChoice: (label: string, option: string) => `Select ${inSentence(label)} or “${option}”, not both`,
  nric: (label: string) => `${label} must be a real NRIC or FIN, like S1234567D`,
  uen: (label: string) => `${label} must be a real UEN, like 201403121W`,
  mobile: (label: string) => `${label} must be a Singapore mobile number: 8 digits starting with 8 or 9`,
  phone: (label: string) => `${label} must be a phone number, like 61234567 or +44 20 7946 0958`,
  /**
   * GOV.UK's words for an email address in the wrong format, by the label: "{label} must be an email address"
   * read "Email address must be an email address" on the forms' own email question.
   */
  email: (label: string) => `Enter ${inSentence(label)} in the correct format, like name@example.com`,
  caseNumber: (label: string, example: string) => `${label} must be a case number, like ${example}`,
  caseNotFound: (label: string) => `${label}: there is no such record for the profile you are acting for`,
  /** A record referred to must have been sent: a draft is not yet an application to amend or report on. */
  caseNotSubmitted: (label: string) => `${label}: this record is still a draft – submit it before referring to it`,
  /**
   * A record referred to that must still be undecided (`undecided`): an approved, rejected or withdrawn one is
   * final (docs/decisions/0091).
   */
  caseDecided: (label: string) =>
    `${label}: this application has already been decided or withdrawn, so it can no longer be changed`,
  /** A second request to amend or withdraw a record while one is still waiting for its decision (`undecided`). */
  caseRequestPending: (label: string, pending: string) =>
    `${label}: your request ${pending} to amend or withdraw this application is still waiting for a decision – you can make another once it is decided`,
  postalCode: () => MESSAGES.invalidPostalCode,
  /**
   * Not built from the label: every form labels its declaration "Declaration", which in the sentence would
   * need an article ("confirm declaration" is not English).
   */
  declaration: () => 'Tick the box to confirm the declaration',
  minRows: (label: string, n: number, item: string) =>
    `${label} must have at least ${plural(n, inSentence(item), nounPlural(inSentence(item)))}`,
  maxRows: (label: string, n: number, item: string) =>
    `${label} must have ${plural(n, inSentence(item), nounPlural(inSentence(item)))} or fewer`,
  maxFiles: (label: string, n: number) => `${label} must have ${plural(n, 'file', 'files')} or fewer`,
  compare: {
    date: {
      gte: (label: string, other: string) => `${dateName(label)} must be the same as or after ${dateInSentence(other)}`,
      gt: (label: string, other: string) => `${dateName(label)} must be after ${dateInSentence(other)}`,
      lte: (label: string, other: string) =>
        `${dateName(label)} must be the same as or before ${dateInSentence(other)}`,
      lt: (label: string, other: string) => `${dateName(label)} must be before ${dateInSentence(other)}`,
    },
    /** A date compared with another moved some days later (Comparison.days): "within a month of the start". */
    daysAfter: {
      gte: (label: string, other: string, days: number) =>
        `${dateName(label)} must be at least ${plural(days, 'day', 'days')} after ${dateInSentence(other)}`,
      gt: (label: string, other: string, days: number) =>
        `${dateName(label)} must be more than ${plural(days, 'day', 'days')} after ${dateInSentence(other)}`,
      lte: (label: string, other: string, days: number) =>
        `${dateName(label)} must be no more than ${plural(days, 'day', 'days')} after ${dateInSentence(other)}`,
      lt: (label: string, other: string, days: number) =>
        `${dateName(label)} must be less than ${plural(days, 'day', 'days')} after ${dateInSentence(other)}`,
    },
    number: {
      gte: (label: string, other: string) => `${label} must be the same as or more than ${inSentence(other)}`,
      gt: (label: string, other: string) => `${label} must be more than ${inSentence(other)}`,
      lte: (label: string, other: string) => `${label} must be the same as or less than ${inSentence(other)}`,
      lt: (label: string, other: string) => `${label} must be less than ${inSentence(other)}`,
    },
  },
  /** A total that is not the sum of its group's amounts: the sum is given, to be copied or checked. */
  sumOf: (label: string, sum: string, items: string) => `${label} must be ${sum}, the sum of the ${inSentence(items)}`,
  /** Rows that share out more than the whole they share (creditors paid more than the payment): both sums given. */
  sumAtMost: (items: string, sum: string, label: string, total: string) =>
    `The ${inSentence(items)} add up to ${sum}, more than the ${inSentence(label)} of ${total}`,
  /** Two amounts to compare in different currencies (a rate between them is nobody's to pick here). */
  sameCurrency: (label: string, other: string) => `${label} must be in the same currency as ${inSentence(other)}`,
  /** A field of a repeating group's row: "Creditor 2: Enter amount claimed". */
  inRow: (item: string, index: number, message: string) => `${item} ${index + 1}: ${message}`,
  malformed: (label: string) => `${label} is not in the expected form`,
  unknownField: (name: string) => `There is no field named ${name} in this form`,
} as const;

/** The summary at the top of a form with errors (spec §5). */
export const SUMMARY_MESSAGE = MESSAGES.validationSummary;

/**
 * The words of the multi-page form screens (GOV.UK question pages, error summary, check answers and
 * confirmation patterns). The error summary's title is the spec's message (§5), as the login form's summary is:
 * GOV.UK's pattern, in the words every form of the portal uses.
 */
export const FORM_TEXT = {
  /**
   * Save draft on a new form nobody has answered (a tab whose profile was switched elsewhere, say): an empty
   * record on the dashboard would be all it made.
   */
  nothingToSave: 'There is nothing to save yet. Answer a question first, then save it as a draft.',
  /** The list of the profile's records of the e-service, when it could not be fetched (no answer, a refusal). */
  recordsFailed: 'Your records could not be loaded.',
  /**
   * The e-service's form, or the record the address names, got no answer (or none usable): not a refusal, so
   * the page offers Try again, and loads again when the browser is back online (docs/decisions/0108).
   */
  eserviceFailed: 'This e-service could not be loaded.',
  recordFailed: 'Your record could not be loaded.',
  /** Above a list cut at RECORD_LIST_MAX: else a trustee with more reads the latest as every record. */
  recordsShown: (shown: number, total: string) =>
    `Showing the ${shown} most recently changed of your ${total} records. Find an older one by its case number, below.`,
  errorSummaryTitle: SUMMARY_MESSAGE,
  errorTitlePrefix: 'Error: ',
  progress: (n: number, total: number) => `Page ${n} of ${total}`,
  /** Where a repeating group's Add button was, once it holds its most rows: else the button just goes. */
  rowsFull: (n: number) => `You cannot add more: ${n} is the most this question takes.`,
  /** Said (politely) once a repeating group's row is removed: the row, and its button, are gone. */
  rowRemoved: (item: string, n: number) => `${item} ${n} removed.`,
  /**
   * Said (politely) when ticking one checkbox unticked others, as ticking an option that rules out the rest does, or
   * another one after it (docs/decisions/0106): a change to boxes the user did not touch.
   */
  choicesUnticked: (labels: readonly string[]) => `Unticked: ${labels.join(', ')}.`,
  /** Between the options and the one that rules them out, as GOV.UK's checkboxes write it. */
  exclusiveDivider: 'or',
  /**
   * The one currency question of a repeating group whose amounts a total adds up, above its rows; each row and
   * the total show the currency chosen (docs/decisions/0094). `total` is null while the total is not asked.
   */
  groupCurrency: (group: string) => `Currency of the ${inSentence(group)}`,
  groupCurrencyHint: (group: string, total: string | null) =>
    `The ${inSentence(group)}${total ? ` and the ${inSentence(total)}` : ''} are all in this currency. Changing it does not change the amounts.`,
  /** The rows and the total in different currencies (a draft saved before they were asked once): each shows its own. */
  groupCurrencyMixed: (group: string, total: string | null) =>
    `The ${inSentence(group)}${total ? ` and the ${inSentence(total)}` : ''} are not all in one currency. Choose the currency they are all in.`,
  continue: 'Continue',
  saveDraft: 'Save draft',
  back: 'Back',
  checkHeading: 'Check your answers before sending',
  change: 'Change',
  sendHeading: 'Now send your form',
  sendText: 'By submitting you confirm that, to the best of your knowledge, the answers you are giving are correct.',
  submit: (title: string) => `Submit ${title}`,
  confirmationTitle: (title: string) => `${title} submitted`,
  caseNumberLead: 'Your case number',
  whatNextHeading: 'What happens next',
  whatNext:
    'We have sent your form to the Official Assignee. An officer will review it and may contact you if more information is needed. You can see its status on your dashboard.',
  contact: (phone: string) => `If you have questions, call us on ${phone}, quoting your case number.`,
  toDashboard: 'Go to your dashboard',
  /** A save of a draft that was deleted meanwhile (another tab, another device): the page keeps the answers. */
  deletedWhileOpen:
    'This draft was deleted elsewhere. Your answers are still on this page: save them to keep them in a new draft, and attach any files again.',
  download: 'Download your acknowledgement (PDF)',
  downloadFailed: 'The acknowledgement could not be downloaded – try again',
  /** The files sent with a submitted record, each to download again (the answers list only their names). */
  documentsHeading: 'Your documents',
  downloadDocument: (fileName: string) => `Download ${fileName}`,
  documentDownloadFailed: 'The document could not be downloaded – try again',
  submittedView: 'This form has been submitted. Its answers can no longer be changed.',
  uploading: (name: string) => `Uploading ${name}…`,
  noFiles: 'No files uploaded.',
  /**
   * A file on the record that another account uploaded and no scanner has passed: not shown to this one, named
   * as what it is, without a Remove button (docs/decisions/0105).
   */
  othersFile: 'A file someone else uploaded',
  othersFileNote: 'only they can see it until it has passed its virus check',
  removeFile: 'Remove',
  uploadedFiles: 'Files uploaded',
} as const;

/** `1.2 MB`, `340 KB`: a file's size as people read it, on the screens and in the PDFs alike. */
export function formatFileSize(bytes: number): string {
  const kb = Math.max(1, Math.round(bytes / 1024));
  // Just under a megabyte rounds to 1024 KB: written as the megabyte it is.
  if (kb >= 1024) return `${+(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${kb} KB`;
}
