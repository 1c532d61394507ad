import { MESSAGES } from '../catalogue.ts';
import { IDENTIFIER_LENGTH } from '../validation.ts';

/**
 * Per-field messages of the form validator. The specification gives only the postal-code message
 * ('Invaild Postal Code', its spelling kept) and the summary; the others follow GOV.UK wording.
 */
export const FIELD_MESSAGES = {
  required: (label: string) => `${label} is required.`,
  choose: (label: string) => `Select an option for ${label}.`,
  identifier: (label: string) => `${label} must be exactly ${IDENTIFIER_LENGTH} characters.`,
  digitsOnly: (label: string) => `${label} must contain digits only.`,
  tooLong: (label: string, max: number) => `${label} must be ${max} characters or fewer.`,
  range: (label: string, min: number | undefined, max: number | undefined) =>
    min !== undefined && max !== undefined
      ? `${label} must be between ${min} and ${max}.`
      : min !== undefined
        ? `${label} must be ${min} or more.`
        : `${label} must be ${max} or less.`,
  date: (label: string) => `${label} must be a real date.`,
  notInList: (label: string) => `Select ${label} from the list.`,
  amount: (label: string, minorDigits: number) =>
    minorDigits > 0
      ? `${label} must be an amount in numbers, with up to ${minorDigits} decimal places.`
      : `${label} must be a whole amount in numbers.`,
  amountTooLarge: (label: string, max: number) => `${label} must be ${max} or less.`,
  amountTooSmall: (label: string, min: number) => `${label} must be at least ${min}.`,
  caseNumber: (label: string) => `${label} must be a case number: letters, 6 digits and a year, like PR 000042 2026.`,
  caseNotFound: (label: string) =>
    `${label}: there is no record with that case number for the profile you are acting for.`,
  postalCode: () => MESSAGES.invalidPostalCode,
  malformed: (label: string) => `${label} is not in the expected form.`,
  unknownField: (name: string) => `There is no field named ${name} in this form.`,
} as const;

/** The summary at the top of a form with errors (spec §5). */
export const SUMMARY_MESSAGE = MESSAGES.validationSummary;
