import type { CodeListName } from '../codelists/index.ts';
import type { FeeName } from '../fees.ts';

/**
 * Form definitions of the data-driven e-services, model v2 (docs/decisions/0035-form-model-v2.md):
 * data in the database (eservice_form_versions), rendered by the web app and checked by one validator
 * on both sides (contract/forms/validate.ts). The zod schema that checks a definition is well formed is
 * contract/forms/schema.ts; these types are zod-free so the browser's form code does not carry zod.
 */
export const FIELD_TYPES = [
  'text',
  'textarea',
  'number',
  'amount',
  'date',
  'select',
  'radios',
  'checkboxes',
  'yesNo',
  'nric',
  'uen',
  'mobile',
  'phone',
  'email',
  'postalCode',
  'caseNumber',
  'address',
  'group',
  'declaration',
  'attachment',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A field name: a letter, then letters, digits or underscores (it becomes part of element ids). */
export const FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/**
 * When a field or section is shown, by another answer (earlier in the form; in a repeating group's
 * row, a field of the same row or of the form). equals/notEquals compare one answer, includes looks
 * into a checkboxes answer, oneOf takes a list, above holds for a number or an amount more than its value
 * (a decimal as typed: "0"; an amount in the currency chosen, so one of no fixed currency is held against 0
 * only: docs/decisions/0096, 0106). A hidden answer counts as no answer, an unreadable one as not above.
 */
export interface Condition {
  field: string;
  op: 'equals' | 'notEquals' | 'includes' | 'oneOf' | 'above';
  value: string | string[];
}

/**
 * A comparison with another answer of the same kind (date, number, amount): gte is "on or after" for
 * dates and "at least" for numbers. Skipped while either answer is missing, hidden or malformed.
 */
export interface Comparison {
  op: 'gte' | 'gt' | 'lte' | 'lt';
  field: string;
  /**
   * Dates only: compare with the other date this many days later, so `{ op: 'lte', field: 'periodStart',
   * days: 30 }` is "no more than 30 days after the period's start" (a period of a month at most).
   */
  days?: number;
  /** Replaces the built-in message (which names both labels). */
  message?: string;
}

export interface Option {
  value: string;
  label: string;
  /**
   * Checkboxes only: the answer that rules out every other one ("No income in this period"), chosen alone. The
   * screen shows it after an "or" and unticks the others when it is ticked, as GOV.UK's "none" option does; the
   * validator refuses it beside another (docs/decisions/0106).
   */
  exclusive?: true;
}

interface FieldBase {
  name: string;
  label: string;
  /** Help text under the label. */
  hint?: string;
  /** Required to submit; a draft may leave it empty. */
  required?: boolean;
  showIf?: Condition;
}

export interface TextField extends FieldBase {
  type: 'text';
  /** Starts at the profile's name: a question asking the applicant's own name (docs/decisions/0119). */
  prefill?: ProfilePrefill;
  /** identifier: exactly 12 characters (spec §5); digits: digits only, no sign (spec §5). */
  format?: 'identifier' | 'digits';
  maxLength?: number;
}
export interface TextareaField extends FieldBase {
  type: 'textarea';
  maxLength?: number;
}
export interface NumberField extends FieldBase {
  type: 'number';
  min?: number;
  max?: number;
  compare?: Comparison[];
}
/** Money: typed in major units ("120.50"); limits in integer minor units (cents) of the currency. */
export interface AmountField extends FieldBase {
  type: 'amount';
  /**
   * The one currency the answer may be in (a code of the currency list): the screen offers no other and the
   * validator refuses any other. Without it the limits apply in whatever currency is chosen, so a limit or a
   * bill meant in Singapore dollars needs it (IDR 15,000 is not S$15,000).
   */
  currency?: string;
  /**
   * The amount is this fixed fee of the portal (contract/fees.ts), in Singapore dollars: shown, never asked.
   * The answer kept is always the fee (answersToKeep), whatever was sent. Only outside a repeating group.
   */
  fee?: FeeName;
  min?: number;
  max?: number;
  compare?: Comparison[];
  /**
   * A total: the sum of an amount in each row of a repeating group (a statement's itemised expenses). With
   * `op: 'gte'`, a whole that the rows share out: at least their sum (a payment split among creditors;
   * docs/decisions/0081).
   */
  sumOf?: { group: string; field: string; op?: 'gte' };
}
/** Limits are relative to the `today` the validator is given (Singapore's date on the server). */
export interface DateField extends FieldBase {
  type: 'date';
  notInPast?: boolean;
  notInFuture?: boolean;
  /** At most this many days after today. */
  maxDaysAhead?: number;
  /** At most this many days before today. */
  maxDaysAgo?: number;
  compare?: Comparison[];
}
/** One answer from a code list (contract/codelists) or from the options given here. */
export interface SelectField extends FieldBase {
  type: 'select';
  codeList?: CodeListName;
  options?: Option[];
  /** Start empty rather than at the code list's default (§9): e.g. a destination must be chosen. */
  noDefault?: boolean;
}
export interface RadiosField extends FieldBase {
  type: 'radios';
  codeList?: CodeListName;
  options?: Option[];
}
/** Any number of answers; the answer is the list of chosen values. */
export interface CheckboxesField extends FieldBase {
  type: 'checkboxes';
  codeList?: CodeListName;
  options?: Option[];
  minChoices?: number;
  maxChoices?: number;
}
export interface YesNoField extends FieldBase {
  type: 'yesNo';
  /**
   * Start unanswered rather than at Yes (§9's flag default): for a question of fact, whose Yes is a claim the
   * applicant must make themselves (docs/decisions/0084).
   */
  noDefault?: boolean;
}
export interface NricField extends FieldBase {
  type: 'nric';
  /** Starts at the profile's ID number when that is an NRIC or FIN (an entity's is a UEN: docs/decisions/0119). */
  prefill?: ProfilePrefill;
}
export interface UenField extends FieldBase {
  type: 'uen';
}
/**
 * Starts at the profile's own value of its kind (its name, ID number, mobile number, correspondence address)
 * rather than empty: a question about the profile opens on what the profile says now, to be confirmed or
 * changed. Such a question is the applicant's own (ApplicantsOwn).
 */
export type ProfilePrefill = 'profile';
/**
 * Whose answer a contact question holds (docs/decisions/0119). The applicant's own lets the browser fill it in
 * from what it knows of its user (autocomplete tokens, WCAG 1.3.5); anyone else's, the default, is kept from the
 * browser's autofill, which would offer the user's own address as a debtor's. A question with `prefill` is the
 * applicant's own without saying so; `about` marks one the profile holds no value for (an email address).
 */
export type ApplicantsOwn = 'applicant';
export interface MobileField extends FieldBase {
  type: 'mobile';
  prefill?: ProfilePrefill;
  about?: ApplicantsOwn;
}
export interface PhoneField extends FieldBase {
  type: 'phone';
  prefill?: ProfilePrefill;
  about?: ApplicantsOwn;
}
export interface EmailField extends FieldBase {
  type: 'email';
  about?: ApplicantsOwn;
}
export interface PostalCodeField extends FieldBase {
  type: 'postalCode';
}
/** A case number (`PR 000042 2026`), of the given case type when there is one. */
export interface CaseNumberField extends FieldBase {
  type: 'caseNumber';
  caseType?: string;
  /**
   * The code of an e-service whose record this must be, among the acting profile's own records: the server
   * checks it (it alone sees the records), on drafts too (docs/decisions/0034). Left out for case numbers of
   * the court's or the register's cases, which are not portal records.
   */
  recordOf?: string;
  /** With recordOf: the record must not be decided yet (approved, rejected or withdrawn), as one to amend or withdraw. */
  undecided?: boolean;
}
export interface AddressField extends FieldBase {
  type: 'address';
  prefill?: ProfilePrefill;
  about?: ApplicantsOwn;
}
/** Rows of child fields (no nested groups); the answer is a list of rows, each an answers object. */
export interface GroupField extends FieldBase {
  type: 'group';
  /** What one row is called, e.g. "Creditor" (its messages say "Creditor 2: …"). */
  itemLabel: string;
  fields: ChildFieldDef[];
  minRows?: number;
  maxRows?: number;
}
/** A statement the user must tick before submitting; the answer is true when ticked. */
export interface DeclarationField extends FieldBase {
  type: 'declaration';
  text: string;
}
/** Files uploaded elsewhere; the answer is the list of their ids. */
export interface AttachmentField extends FieldBase {
  type: 'attachment';
  maxSizeBytes: number;
  maxFiles: number;
  /** MIME types judged by content, e.g. application/pdf. */
  types: string[];
}

export type ChildFieldDef =
  | TextField
  | TextareaField
  | NumberField
  | AmountField
  | DateField
  | SelectField
  | RadiosField
  | CheckboxesField
  | YesNoField
  | NricField
  | UenField
  | MobileField
  | PhoneField
  | EmailField
  | PostalCodeField
  | CaseNumberField
  | AddressField
  | DeclarationField
  | AttachmentField;
export type FieldDef = ChildFieldDef | GroupField;

export interface Section {
  heading: string;
  /** Text under the heading. */
  description?: string;
  showIf?: Condition;
  fields: FieldDef[];
}

export interface Page {
  /** Stable within the definition (a URL segment of the multi-page screen). */
  id: string;
  heading: string;
  sections: Section[];
}

/** Blocks submission, with its message, while its condition(s) hold; drafts are not blocked. */
export interface BlockingRule {
  id: string;
  when: Condition[];
  message: string;
  /** The field the message belongs to (its path in the error list); else the form as a whole. */
  field?: string;
}

export interface FormDefinition {
  schemaVersion: 2;
  pages: Page[];
  rules?: BlockingRule[];
}

export interface AmountValue {
  amount: string;
  currency: string;
}

export interface AddressValue {
  blockHouseNo: string;
  streetName: string;
  floorUnit: string;
  buildingName: string;
  postalCode: string;
  country: string;
}

export const ADDRESS_PARTS = [
  'blockHouseNo',
  'streetName',
  'floorUnit',
  'buildingName',
  'postalCode',
  'country',
] as const;
export type AddressPart = (typeof ADDRESS_PARTS)[number];

export const ADDRESS_PART_LABELS: Record<AddressPart, string> = {
  blockHouseNo: 'Block or house number',
  streetName: 'Street name',
  floorUnit: 'Floor and unit',
  buildingName: 'Building name',
  postalCode: 'Postal code',
  country: 'Country',
};

export type RowValues = Record<string, ChildValue>;
export type ChildValue = string | string[] | boolean | AmountValue | AddressValue;
export type FieldValue = ChildValue | RowValues[];
export type FormValues = Record<string, FieldValue>;

/**
 * The answer of a date input holding text that is no date (31 February, a day and a month without a year).
 * The browser gives such an input no value, which would read as no answer ("Enter …") and leave the date out
 * of a draft; this stands in for it, and the validator says the date must be a real one.
 */
export const UNREADABLE_DATE = 'unreadable';

/** The path of an error at the form as a whole (a blocking rule without a field). */
export const FORM_PATH = 'form';

/**
 * Where an error belongs: the field's name, `name.part` for a part of an amount or an address,
 * `group[2].name` for a field of a repeating group's third row (so a summary can link to the input).
 */
export type FieldPath = string;
export type FieldErrors = Record<FieldPath, string>;

/** Text limits when a definition names none. */
export const DEFAULT_MAX_LENGTH = { text: 200, textarea: 2000, addressPart: 100 } as const;

/** The definitions before model v2: one flat list of fields (kept for records filled in under them). */
export interface LegacyFormDefinition {
  fields: Array<Record<string, unknown> & { name: string; label: string; type: string }>;
}
