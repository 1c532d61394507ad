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

/**
 * A finance call's outcome: the value and the server's message, or the reason to show. `unanswered`: no answer
 * came (the HTTP layer's toast said why); the decision may have been taken (docs/decisions/0109).
 */
export type FinanceOutcome<T> =
  | { ok: true; value: T; message: string }
  | { ok: false; message: string | null; refused: boolean; unanswered: boolean };

function read<T>(result: ApiResult<unknown>, parse: (v: unknown) => T): FinanceOutcome<T> {
  if (result.ok) {
    try {
      return { ok: true, value: parse(result.responseJSON), message: result.header.responseDesc };
    } catch {
      return { ok: false, message: null, refused: false, unanswered: true };
    }
  }
  const refused = result.kind === 'refused';
  return {
    ok: false,
    message: refused ? result.header.responseDesc : null,
    refused,
    unanswered: result.kind === 'network' || result.kind === 'timeout',
  };
}

const change = { quiet: true, block: true } as const;

export const financeApi = {
  async importStatement(
    fileName: string,
    csv: string,
    actionKey: string,
    signal: AbortSignal,
  ): Promise<FinanceOutcome<ImportReport>> {
    const res = await api.post(RECONCILIATION_PATHS.statements, { fileName, csv, actionKey }, { ...change, signal });
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
  async match(
    id: string,
    reference: string,
    reason: string,
    actionKey: string,
    signal: AbortSignal,
  ): Promise<FinanceOutcome<null>> {
    const res = await api.post(
      fillPath(RECONCILIATION_PATHS.match, { id }),
      { reference, reason, actionKey },
      { ...change, signal },
    );
    return read(res, () => null);
  },
  async mark(id: string, reason: string, actionKey: string, signal: AbortSignal): Promise<FinanceOutcome<null>> {
    const res = await api.post(
      fillPath(RECONCILIATION_PATHS.mark, { id }),
      { reason, actionKey },
      { ...change, signal },
    );
    return read(res, () => null);
  },
  async returned(
    billId: string,
    reason: string,
    actionKey: string,
    signal: AbortSignal,
  ): Promise<FinanceOutcome<null>> {
    const res = await api.post(
      fillPath(RECONCILIATION_PATHS.returned, { id: billId }),
      { reason, actionKey },
      { ...change, signal },
    );
    return read(res, () => null);
  },
  async refundPaid(
    caseId: string,
    reason: string,
    actionKey: string,
    signal: AbortSignal,
  ): Promise<FinanceOutcome<null>> {
    const res = await api.post(
      fillPath(RECONCILIATION_PATHS.refundPaid, { id: caseId }),
      { reason, actionKey },
      { ...change, signal },
    );
    return read(res, () => null);
  },
  async resolved(signal: AbortSignal): Promise<FinanceOutcome<ResolvedLine[]>> {
    const res = await api.get(RECONCILIATION_PATHS.resolved, { signal, quiet: true });
    return read(res, (v) => resolvedListSchema.parse(v).lines);
  },
  async undo(id: string, reason: string, actionKey: string, signal: AbortSignal): Promise<FinanceOutcome<null>> {
    const res = await api.post(
      fillPath(RECONCILIATION_PATHS.undo, { id }),
      { reason, actionKey },
      { ...change, signal },
    );
    return read(res, () => null);
  },
};
