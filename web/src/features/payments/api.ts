import { fillPath } from '#contract/index.ts';
import {
  PAYMENT_PATHS,
  billDetailSchema,
  billsListSchema,
  type BillDetail,
  type ListedBill,
} from '#contract/payments.ts';
import { api, type ApiResult } from '../../lib/http/index.ts';

/** What a bill call gave: the value, nothing to show (no bill, or not allowed), or a failure to show. */
export type BillOutcome<T> =
  { ok: true; value: T; message: string } | { ok: false; kind: 'none' | 'failed'; message?: string };

function read<T>(result: ApiResult<unknown>, parse: (v: unknown) => T): BillOutcome<T> {
  if (result.ok) {
    try {
      return { ok: true, value: parse(result.responseJSON), message: result.header.responseDesc };
    } catch {
      return { ok: false, kind: 'failed' };
    }
  }
  if (result.kind === 'refused' && result.status === 404) return { ok: false, kind: 'none' };
  if (result.kind === 'refused') return { ok: false, kind: 'failed', message: result.header.responseDesc };
  return { ok: false, kind: 'failed' };
}

export const paymentsApi = {
  async bill(caseId: string, signal: AbortSignal): Promise<BillOutcome<BillDetail>> {
    const res = await api.get(fillPath(PAYMENT_PATHS.bill, { id: caseId }), { signal, quiet: true });
    return read(res, (v) => billDetailSchema.parse(v));
  },
  /** The dashboard's bills, with how many the profile has in all (counted up to LIST_COUNT_CAP). */
  async bills(signal: AbortSignal): Promise<BillOutcome<{ bills: ListedBill[]; total: number }>> {
    const res = await api.get(PAYMENT_PATHS.bills, { signal, quiet: true, background: true });
    return read(res, (v) => billsListSchema.parse(v));
  },
  async simulate(caseId: string, signal: AbortSignal): Promise<BillOutcome<BillDetail>> {
    const res = await api.post(
      fillPath(PAYMENT_PATHS.simulate, { id: caseId }),
      {},
      { signal, quiet: true, block: true },
    );
    return read(res, (v) => billDetailSchema.parse(v));
  },
  async renew(caseId: string, signal: AbortSignal): Promise<BillOutcome<BillDetail>> {
    const res = await api.post(fillPath(PAYMENT_PATHS.renew, { id: caseId }), {}, { signal, quiet: true, block: true });
    return read(res, (v) => billDetailSchema.parse(v));
  },
  /** The receipt of a settled bill, or a Payment Certificates record's certificate (PDF). */
  async paper(which: 'receipt' | 'certificate', caseId: string, signal: AbortSignal): Promise<BillOutcome<Blob>> {
    const res = await api.get(fillPath(PAYMENT_PATHS[which], { id: caseId }), { signal, quiet: true, binary: true });
    return read(res, (v) => {
      if (!(v instanceof Blob)) throw new Error('not a file');
      return v;
    });
  },
};
