/**
 * The specification's default values (§9) of the e-service forms' fields. Not in constants.ts: only the
 * forms use them, and every name a first-load module exports is first-load code
 * (docs/decisions/0038-first-load-back-under-budget.md).
 */

export const DEFAULTS = {
  currency: 'SGD',
  country: 'SG',
  paymentMethod: 'GIRO',
  flag: 'Y',
  entityType: 'I',
} as const;
