import type { FastifyInstance, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ok } from '#contract/index.ts';
import {
  PAYMENT_MESSAGES,
  RECONCILIATION_PATHS,
  STATEMENT_MAX_BODY_BYTES,
  importReportSchema,
  importRequestSchema,
  lineIdParamsSchema,
  markRequestSchema,
  matchRequestSchema,
  queueSchema,
  refundPaidRequestSchema,
  resolvedListSchema,
  returnedRequestSchema,
  undoRequestSchema,
} from '#contract/payments.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/schemas/index.ts';
import { z } from 'zod';
import { audit } from '../auth/audit.ts';
import {
  markLine,
  markRefundPaid,
  markReturned,
  matchLine,
  moneyToReturn,
  queuedLines,
  refundsToPay,
  refundsToPayCount,
  resolvedLines,
  toLine,
  toReturnCount,
  undoLine,
  waitingCount,
} from '../payments/bills.ts';
import { importStatement } from '../payments/statement.ts';
import { decideOnce } from '../payments/action-keys.ts';

export interface ReconciliationOptions {
  /** Lets only finance officers through (the back office's guard; tests pass their own). */
  guard: preValidationHookHandler;
}

const refusals = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

/** Who acted, as the bill history and the audit trail record it. */
const officer = (request: FastifyRequest) => request.principal?.loginName ?? 'finance officer';

/**
 * The finance officer's reconciliation (docs/decisions/0046): import the bank statement, then match or mark
 * by hand, with a reason, each credit the import could not settle; undo such a decision made wrongly
 * (docs/decisions/0071); say when a cancelled bill's money went back to its payer (docs/decisions/0059), and
 * when an approved refund was paid to its payee (docs/decisions/0088). Every call is behind the given guard.
 */
export async function reconciliationRoutes(app: FastifyInstance, options: ReconciliationOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = [options.guard];
  const trail = (request: FastifyRequest, event: string, detail: Record<string, unknown>) =>
    audit(app.db, {
      event,
      at: app.now(),
      accountId: request.principal?.accountId,
      loginName: officer(request),
      clientAddress: request.ip,
      detail,
    });
  /** A decision's attempt: sent again under its key, it is answered with what it did (docs/decisions/0109). */
  const attempt = (request: FastifyRequest<{ Body: { actionKey?: string | undefined } }>, action: string) => {
    const { actionKey, ...asked } = request.body;
    return { accountId: request.principal?.accountId, actionKey, action, request: asked, at: app.now() };
  };

  r.post(
    RECONCILIATION_PATHS.statements,
    {
      preValidation,
      bodyLimit: STATEMENT_MAX_BODY_BYTES,
      schema: { body: importRequestSchema, response: { 200: envelopeSchema(importReportSchema), ...refusals } },
    },
    async (request) => {
      const { value: report, repeated } = await decideOnce(app.db, attempt(request, 'import'), (db) =>
        importStatement(db, request.body.csv, officer(request), app.now()),
      );
      if (!repeated) await trail(request, 'statement_import', { fileName: request.body.fileName ?? null, ...report });
      return ok(report, PAYMENT_MESSAGES.imported(report));
    },
  );

  r.get(
    RECONCILIATION_PATHS.queue,
    { preValidation, schema: { response: { 200: envelopeSchema(queueSchema), ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const [lines, waiting, returns, toReturn, refunds, toPay] = await Promise.all([
        queuedLines(app.db),
        waitingCount(app.db),
        moneyToReturn(app.db),
        toReturnCount(app.db),
        refundsToPay(app.db),
        refundsToPayCount(app.db),
      ]);
      return ok({ lines: lines.map(toLine), waiting, returns, toReturn, refunds, toPay });
    },
  );

  r.post(
    RECONCILIATION_PATHS.match,
    {
      preValidation,
      schema: {
        params: lineIdParamsSchema,
        body: matchRequestSchema,
        response: { 200: envelopeSchema(z.null()), ...refusals },
      },
    },
    async (request) => {
      const { value: matched, repeated } = await decideOnce(
        app.db,
        attempt(request, `match:${request.params.id}`),
        (db) => matchLine(db, request.params.id, request.body, officer(request), app.now()),
      );
      // The bill as found (its reference as the portal writes it), not the words typed for it.
      if (!repeated)
        await trail(request, 'statement_line_match', {
          lineId: request.params.id,
          reason: request.body.reason,
          ...matched,
        });
      return ok(null, PAYMENT_MESSAGES.matched);
    },
  );

  r.post(
    RECONCILIATION_PATHS.mark,
    {
      preValidation,
      schema: {
        params: lineIdParamsSchema,
        body: markRequestSchema,
        response: { 200: envelopeSchema(z.null()), ...refusals },
      },
    },
    async (request) => {
      const { value: marked, repeated } = await decideOnce(
        app.db,
        attempt(request, `mark:${request.params.id}`),
        (db) => markLine(db, request.params.id, request.body.reason, officer(request), app.now()),
      );
      if (!repeated)
        await trail(request, 'statement_line_mark', {
          lineId: request.params.id,
          reason: request.body.reason,
          ...marked,
        });
      return ok(null, PAYMENT_MESSAGES.marked);
    },
  );

  r.get(
    RECONCILIATION_PATHS.resolved,
    { preValidation, schema: { response: { 200: envelopeSchema(resolvedListSchema), ...refusals } } },
    async (_request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok({ lines: await resolvedLines(app.db) });
    },
  );

  r.post(
    RECONCILIATION_PATHS.undo,
    {
      preValidation,
      schema: {
        params: lineIdParamsSchema,
        body: undoRequestSchema,
        response: { 200: envelopeSchema(z.null()), ...refusals },
      },
    },
    async (request) => {
      const { value: undone, repeated } = await decideOnce(
        app.db,
        attempt(request, `undo:${request.params.id}`),
        (db) => undoLine(db, request.params.id, request.body.reason, officer(request), app.now()),
      );
      if (!repeated)
        await trail(request, 'statement_line_undo', {
          lineId: request.params.id,
          reason: request.body.reason,
          ...undone,
        });
      return ok(null, PAYMENT_MESSAGES.undone);
    },
  );

  r.post(
    RECONCILIATION_PATHS.returned,
    {
      preValidation,
      schema: {
        params: lineIdParamsSchema,
        body: returnedRequestSchema,
        response: { 200: envelopeSchema(z.null()), ...refusals },
      },
    },
    async (request) => {
      const { repeated } = await decideOnce(app.db, attempt(request, `returned:${request.params.id}`), (db) =>
        markReturned(db, request.params.id, request.body.reason, officer(request), app.now()),
      );
      if (!repeated)
        await trail(request, 'bill_money_returned', { billId: request.params.id, reason: request.body.reason });
      return ok(null, PAYMENT_MESSAGES.returned);
    },
  );

  r.post(
    RECONCILIATION_PATHS.refundPaid,
    {
      preValidation,
      schema: {
        params: lineIdParamsSchema,
        body: refundPaidRequestSchema,
        response: { 200: envelopeSchema(z.null()), ...refusals },
      },
    },
    async (request) => {
      const { value: paid, repeated } = await decideOnce(
        app.db,
        attempt(request, `refundPaid:${request.params.id}`),
        (db) => markRefundPaid(db, request.params.id, request.body.reason, officer(request), app.now()),
      );
      if (!repeated)
        await trail(request, 'refund_paid_out', { caseId: request.params.id, reason: request.body.reason, ...paid });
      return ok(null, PAYMENT_MESSAGES.refundPaid);
    },
  );
}
