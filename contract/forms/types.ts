import type { CodeListName } from '../codelists/index.ts';

/**
 * Form definitions of the data-driven (generic) e-service: data in the catalogue (eservices.form),
 * rendered by the web app and checked by one validator on both sides (contract/forms/validate.ts).
 * The zod schema that checks a definition read from the database is contract/schemas/eservices.ts.
 */
export const FIELD_TYPES = [
  'text',
  'number',
  'date',
  'select',
  'yesNo',
  'postalCode',
  'amount',
  'address',
  'textarea',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** A field name: a letter, then letters, digits or underscores (it becomes part of element ids). */
export const FIELD_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

interface FieldBase {
  name: string;
  label: string;
  /** Help text under the label. */
  hint?: string;
  /** Required for a save or a submit; a draft may leave it empty. */
  required?: boolean;
}

export interface TextField extends FieldBase {
  type: 'text';
  /**
   * identifier: exactly 12 characters (spec §5); digits: digits only, no sign (spec §5); caseNumber: a
   * case number like PR 000042 2026, which the server also finds among the acting profile's records.
   */
  format?: 'identifier' | 'digits' | 'caseNumber';
  maxLength?: number;
  /** With format caseNumber: the e-service (code) whose record it must be; any e-service when absent. */
  caseOf?: string;
}
export interface NumberField extends FieldBase {
  type: 'number';
  min?: number;
  max?: number;
}
export interface DateField extends FieldBase {
  type: 'date';
}
export interface SelectField extends FieldBase {
  type: 'select';
  codeList: CodeListName;
  /** The choice a new record starts with, instead of the code list's (spec §9); '' for none. */
  default?: string;
}
export interface YesNoField extends FieldBase {
  type: 'yesNo';
}
export interface PostalCodeField extends FieldBase {
  type: 'postalCode';
}
export interface AmountField extends FieldBase {
  type: 'amount';
  /** Smallest amount accepted, in major units (a payment or a claim of 0 is none). */
  min?: number;
  /** Largest amount accepted, in major units. */
  max?: number;
}
export interface AddressField extends FieldBase {
  type: 'address';
}
export interface TextareaField extends FieldBase {
  type: 'textarea';
  maxLength?: number;
}

export type FieldDef =
  | TextField
  | NumberField
  | DateField
  | SelectField
  | YesNoField
  | PostalCodeField
  | AmountField
  | AddressField
  | TextareaField;

export interface FormDefinition {
  fields: FieldDef[];
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

export type FieldValue = string | AmountValue | AddressValue;
export type FormValues = Record<string, FieldValue>;

/**
 * Where an error belongs: the field's name, or `name.part` for a part of an amount or an address
 * (so the error summary can link to the very input).
 */
export type FieldPath = string;
export type FieldErrors = Record<FieldPath, string>;

/** Text limits when a definition names none. */
export const DEFAULT_MAX_LENGTH = { text: 200, textarea: 2000, addressPart: 100 } as const;
