/**
 * The error screens' codes and words (spec §5). Apart from codes.ts, which the first load needs for its response
 * codes: only the error screens and the server check a code against this list, and a contract module of
 * the first load brings every export used anywhere into it (docs/decisions/0038-first-load-back-under-budget.md).
 */

/** The 42 error codes accepted by the error screens, compared exactly as listed (§5). */
export const ERROR_CODES = [
  'd-994',
  'ee-988',
  'ee-989',
  'ee-995',
  'ee-996',
  'didec-961',
  'disel-960',
  'dirmg-968',
  'serba-967',
  'dicud-965',
  'didil-964',
  'dirapp-963',
  'didra-962',
  'ei-992',
  'ei-993',
  'ei-990',
  'ei-991',
  'dacod-986',
  'prepo-969',
  'bcpro-971',
  'bcpro-972',
  'eobdr-977',
  'eobdr-976',
  'eobeo-974',
  'eobeo-975',
  'eecod-984',
  'eecom-982',
  'eecom-983',
  'ptesa-970',
  'eecom-981',
  'emapp-980',
  'emctc-987',
  'emmax-979',
  'PTACC-948',
  'PTACC-951',
  'PTACC-950',
  'TAEFN-956',
  'TACID-955',
  'PTBKC-957',
  'RP424-958',
  'PTACC-949',
  'dicod-966',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Shown instead of a code that is missing or not one of ERROR_CODES. */
export const INVALID_CODE = 'InvalidCode';

const errorCodeSet: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && errorCodeSet.has(value);
}

/** The code an error screen shows: the given one when listed, otherwise InvalidCode. */
export function displayErrorCode(value: unknown): ErrorCode | typeof INVALID_CODE {
  return isErrorCode(value) ? value : INVALID_CODE;
}

/** The error screens' own words beside their titles (ERROR_SCREEN_TITLES, which the routes' titles need). */
export const ERROR_CODE_LABEL = 'Error Code: ';
export const TAKE_ME_HOME = 'Take Me Home';
