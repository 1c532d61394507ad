import { DEFAULTS } from '../defaults.ts';
import type { CodeListName } from '../codelists/index.ts';
import { feeAnswer } from '../fees.ts';
import { allFields, isRecord } from './rules.ts';
import { isNricFin } from './sg.ts';
import type {
  AddressValue,
  AmountValue,
  FieldDef,
  FieldValue,
  FormDefinition,
  FormValues,
  LegacyFormDefinition,
  RowValues,
} from './types.ts';
import { UNREADABLE_DATE } from './types.ts';

/** The specification's defaults (§9) for a select, by the code list it draws from. */
const SELECT_DEFAULTS: Partial<Record<CodeListName, string>> = {
  currency: DEFAULTS.currency,
  country: DEFAULTS.country,
  nationality: DEFAULTS.country,
  paymentMethod: DEFAULTS.paymentMethod,
  entityType: DEFAULTS.entityType,
  yesNo: DEFAULTS.flag,
};

export const emptyAddress = (): AddressValue => ({
  blockHouseNo: '',
  streetName: '',
  floorUnit: '',
  buildingName: '',
  postalCode: '',
  country: DEFAULTS.country,
});

/** A new amount answer: in the question's one currency when it has one. */
export const emptyAmount = (currency: string = DEFAULTS.currency): AmountValue => ({ amount: '', currency });

/** What the profile acted for says of itself, for the questions that start at it (ProfilePrefill). */
export interface ProfileAnswers {
  name: string;
  idNumber: string;
  phone: string;
  address: AddressValue;
}

/** The profile's answers, as the profile call gives them (UserIdentity). */
export const profileAnswersOf = (identity: {
  PTIBName: string;
  idNum: string;
  mobileNum: string;
  correspondenceAddressDetails: AddressValue;
}): ProfileAnswers => ({
  name: identity.PTIBName,
  idNumber: identity.idNum,
  phone: identity.mobileNum,
  address: identity.correspondenceAddressDetails,
});

/**
 * Whether the question asks the applicant's own detail (docs/decisions/0119): one that starts at the profile,
 * or says so (`about`). Only such a one is offered to the browser's autofill.
 */
export const isApplicantsOwn = (field: FieldDef): boolean =>
  ('prefill' in field && field.prefill === 'profile') || ('about' in field && field.about === 'applicant');

/** The profile's value for a question that starts at it, or undefined (none asked, or the profile has none). */
function fromProfile(field: FieldDef, profile: ProfileAnswers | undefined): FieldValue | undefined {
  if (!profile || !('prefill' in field) || field.prefill !== 'profile') return undefined;
  if (field.type === 'text') return profile.name || undefined;
  // An entity's ID number is its UEN, which an NRIC or FIN question would only refuse.
  if (field.type === 'nric') return isNricFin(profile.idNumber) ? profile.idNumber : undefined;
  if (field.type === 'phone' || field.type === 'mobile') return profile.phone || undefined;
  if (field.type === 'address') {
    const a = profile.address;
    if (!a.blockHouseNo && !a.streetName && !a.postalCode) return undefined;
    return { ...a, country: a.country || DEFAULTS.country };
  }
  return undefined;
}

export function initialValue(field: FieldDef, profile?: ProfileAnswers): FieldValue {
  const prefilled = fromProfile(field, profile);
  if (prefilled !== undefined) return prefilled;
  switch (field.type) {
    case 'amount':
      return field.fee ? feeAnswer(field.fee) : emptyAmount(field.currency);
    case 'address':
      return emptyAddress();
    case 'yesNo':
      return field.noDefault ? '' : DEFAULTS.flag;
    case 'select':
      return (!field.noDefault && field.codeList && SELECT_DEFAULTS[field.codeList]) || '';
    case 'checkboxes':
    case 'attachment':
      return [];
    case 'declaration':
      return false;
    case 'group':
      return Array.from({ length: field.minRows ?? 0 }, () => emptyRow(field.fields));
    default:
      return '';
  }
}

/** A new row of a repeating group: every child field with its default. */
export function emptyRow(fields: readonly FieldDef[]): RowValues {
  return Object.fromEntries(fields.map((f) => [f.name, initialValue(f)])) as RowValues;
}

/**
 * A new record's values: every field present, with the specification's defaults filled in, and the
 * profile's own details in the questions that start at them.
 */
export function initialValues(form: FormDefinition, profile?: ProfileAnswers): FormValues {
  return Object.fromEntries(allFields(form).map((f) => [f.name, initialValue(f, profile)]));
}

function merge(base: unknown, v: unknown): unknown {
  if (isRecord(base) && isRecord(v)) return { ...base, ...v };
  return v;
}

/**
 * An answer to lay over the default, or undefined to keep the default: a date kept unreadable (kept input,
 * restored) is no answer here, as the date input cannot show what was typed and would show an empty box.
 */
const answerOf = (field: FieldDef, v: unknown) => (field.type === 'date' && v === UNREADABLE_DATE ? undefined : v);

/**
 * A stored record's values laid over a new record's: fields added to the form since it was saved get
 * their defaults, fields since removed are dropped; each row of a group likewise.
 */
export function mergeValues(form: FormDefinition, stored: Readonly<Record<string, unknown>>): FormValues {
  const values = initialValues(form);
  for (const field of allFields(form)) {
    const v = answerOf(field, stored[field.name]);
    if (v === undefined) continue;
    if (field.type === 'group' && Array.isArray(v)) {
      values[field.name] = v.map((row) => {
        const fresh = emptyRow(field.fields);
        if (!isRecord(row)) return fresh;
        for (const child of field.fields) {
          const answer = answerOf(child, row[child.name]);
          if (answer !== undefined) fresh[child.name] = merge(fresh[child.name], answer) as never;
        }
        return fresh;
      });
    } else values[field.name] = merge(values[field.name], v) as FieldValue;
  }
  return values;
}

/**
 * A definition of before model v2 (one flat list of fields) as a v2 one: one page of one section.
 * Its field types are all v2 types; only an amount's limit changes unit (major units then, minor
 * units now). Records filled in under such a definition keep being checked by it.
 */
export function upgradeLegacy(legacy: LegacyFormDefinition, heading: string): FormDefinition {
  const fields = legacy.fields.map((f) =>
    f.type === 'amount' && typeof f.max === 'number' ? { ...f, max: Math.round(f.max * 100) } : f,
  ) as unknown as FieldDef[];
  return { schemaVersion: 2, pages: [{ id: 'details', heading, sections: [{ heading, fields }] }] };
}
