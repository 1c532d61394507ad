import { formatMinorUnits } from './forms/money.ts';
import type { AmountValue } from './forms/types.ts';

/**
 * The fixed fees of the e-services, in cents of Singapore dollars (docs/decisions/0078): the portal's figure,
 * never one the applicant types. A form shows one through an amount question naming it (`fee`), and the bill
 * of the e-service charging it is this figure (contract/payments.ts ESERVICE_FEES). Zod-free, for the
 * browser's form code.
 */
export const FEES = {
  /** Payment Certificates (PC): the certificate of the payments made to an estate. */
  paymentCertificate: 5_000,
} as const;
export type FeeName = keyof typeof FEES;
export const isFeeName = (name: unknown): name is FeeName => typeof name === 'string' && Object.hasOwn(FEES, name);

/** A fixed fee as an amount answer (`{ amount: '50.00', currency: 'SGD' }`): what a fee question keeps. */
export function feeAnswer(fee: FeeName): AmountValue {
  return { amount: formatMinorUnits(FEES[fee], 2), currency: 'SGD' };
}
