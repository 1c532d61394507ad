import { fillPath } from '#contract/index.ts';
import {
  RECONCILIATION_PATHS,
  importReportSchema,
  queueSchema,
  resolvedListSchema,
  type ImportReport,
  type MoneyToReturn,
  type RefundToPay,
  type ResolvedLine,
  type StatementLine,
} from '#contract/payments.ts';
import { api, type ApiResult } from '../../lib/http/index.ts';

/** A finance call's outcome: the value and the server's message, or the reason to show. */
export type FinanceOutcome<T> = { ok: true; value: T; message: string } | { ok: false; message: string | null };

function read<T>(result: ApiResult<unknown>, parse: (v: unknown) => T): FinanceOutcome<T> {
  if (result.ok) {
    try {
      return { ok: true, value: parse(result.responseJSON), message: result.header.responseDesc };
    } catch {
      return { ok: false, message: null };
    }
  }
  return { ok: false, message: result.kind === 'refused' ? result.header.responseDesc : null };
}

const change = { quiet: true, block: true } as const;

export const financeApi = {
  async importStatement(fileName: string, csv: string, signal: AbortSignal): Promise<FinanceOutcome<ImportReport>> {
    const res = await api.post(RECONCILIATION_PATHS.statements, { fileName, csv }, { ...change, signal });
    return read(res, (v) => importReportSchema.parse(v));
  },
  async queue(signal: AbortSignal): Promise<
    FinanceOutcome<{
      lines: StatementLine[];
      waiting: number;
      returns: MoneyToReturn[];
      toReturn: number;
      refunds: RefundToPay[];
      toPay: number;
    }>
  > {
    const res = await api.get(RECONCILIATION_PATHS.queue, { signal, quiet: true });
    return read(res, (v) => queueSchema.parse(v));
  },
  async match(id: string, reference: string, reason: string, signal: AbortSignal): Promise<FinanceOutcome<null>> {
    const res = await api.post(
      fillPath(RECONCILIATION_PATHS.match, { id }),
      { reference, reason },
      { ...change, signal },
    );
    return read(res, () => null);
  },
  async mark(id: string, reason: string, signal: AbortSignal): Promise<FinanceOutcome<null>> {
    const res = await api.post(fillPath(RECONCILIATION_PATHS.mark, { id }), { reason }, { ...change, signal });
    return read(res, () => null);
  },
  async returned(billId: string, reason: string, signal: AbortSignal): Promise<FinanceOutcome<null>> {
    const res = await api.post(
      fillPath(RECONCILIATION_PATHS.returned, { id: billId }),
      { reason },
      { ...change, signal },
    );
    return read(res, () => null);
  },
  async refundPaid(caseId: string, reason: string, signal: AbortSignal): Promise<FinanceOutcome<null>> {
    const res = await api.post(
      fillPath(RECONCILIATION_PATHS.refundPaid, { id: caseId }),
      { reason },
      { ...change, signal },
    );
    return read(res, () => null);
  },
  async resolved(signal: AbortSignal): Promise<FinanceOutcome<ResolvedLine[]>> {
    const res = await api.get(RECONCILIATION_PATHS.resolved, { signal, quiet: true });
    return read(res, (v) => resolvedListSchema.parse(v).lines);
  },
  async undo(id: string, reason: string, signal: AbortSignal): Promise<FinanceOutcome<null>> {
    const res = await api.post(fillPath(RECONCILIATION_PATHS.undo, { id }), { reason }, { ...change, signal });
    return read(res, () => null);
  },
};
