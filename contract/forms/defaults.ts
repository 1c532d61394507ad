import { DEFAULTS } from '../constants.ts';
import type { CodeListName } from '../codelists/index.ts';
import type { AddressValue, AmountValue, FieldDef, FieldValue, FormDefinition, FormValues } from './types.ts';

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

export const emptyAmount = (): AmountValue => ({ amount: '', currency: DEFAULTS.currency });

export function initialValue(field: FieldDef): FieldValue {
  switch (field.type) {
    case 'amount':
      return emptyAmount();
    case 'address':
      return emptyAddress();
    case 'yesNo':
      return DEFAULTS.flag;
    case 'select':
      return field.default ?? SELECT_DEFAULTS[field.codeList] ?? '';
    default:
      return '';
  }
}

/** A new record's values: every field present, with the specification's defaults filled in. */
export function initialValues(form: FormDefinition): FormValues {
  return Object.fromEntries(form.fields.map((f) => [f.name, initialValue(f)]));
}

/**
 * A stored record's values laid over a new record's: fields added to the form since it was saved get
 * their defaults, fields since removed are dropped.
 */
export function mergeValues(form: FormDefinition, stored: Readonly<Record<string, unknown>>): FormValues {
  const values = initialValues(form);
  for (const field of form.fields) {
    const v = stored[field.name];
    if (v === undefined) continue;
    const base = values[field.name];
    values[field.name] =
      typeof base === 'object' && typeof v === 'object' && v !== null
        ? ({ ...base, ...(v as object) } as FieldValue)
        : (v as FieldValue);
  }
  return values;
}
