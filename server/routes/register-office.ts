import type { FastifyInstance, preValidationHookHandler } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { RESPONSE_CODE, ok } from '#contract/index.ts';
import {
  REGISTER_MESSAGES,
  REGISTER_PATHS,
  correctionSchema,
  normalizeRegisterCaseNumber,
} from '#contract/register.ts';
import { audit } from '../auth/audit.ts';
import { ApiError, badRequest } from '../plugins/errors.ts';
import { applyEntry, entryProblems, findEntry, toInput, toResult } from '../register/entries.ts';

export interface RegisterOfficeOptions {
  /** Who may correct the register: the officer back office's guard, given where the plugin is registered. */
  guard: preValidationHookHandler;
}

/**
 * An officer's correction of a register entry (docs/decisions/0044): the fields given replace the stored
 * ones, checked like an imported row; the change, its reason and the officer go to the audit trail, and the
 * case's followers are told, all in one transaction. Registered by the officer back office with its guard.
 */
export async function registerOfficeRoutes(app: FastifyInstance, options: RegisterOfficeOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    REGISTER_PATHS.officeCorrection,
    { preValidation: options.guard, schema: { body: correctionSchema } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { changes, reason } = request.body;
      if (Object.keys(changes).length === 0) throw badRequest(REGISTER_MESSAGES.correctionNothing);
      if (!reason.trim()) throw badRequest(REGISTER_MESSAGES.correctionReason);
      const caseNumber = normalizeRegisterCaseNumber(request.body.caseNumber);
      const now = app.now();
      const entry = await app.db.transaction(async (tx) => {
        const stored = await findEntry(tx, caseNumber);
        if (!stored) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, REGISTER_MESSAGES.caseNotFound);
        const corrected = { ...toInput(stored), ...changes };
        const problems = entryProblems(corrected);
        if (problems.length > 0) throw badRequest(`The correction cannot be made: ${problems.join('; ')}.`);
        const outcome = await applyEntry(tx, corrected, now, 'correction');
        await audit(tx, {
          event: 'register_correction',
          at: now,
          accountId: request.principal?.accountId ?? null,
          loginName: request.principal?.loginName ?? null,
          clientAddress: request.ip,
          detail: { caseNumber, reason: reason.trim(), changes, outcome },
        });
        return (await findEntry(tx, caseNumber))!;
      });
      return ok(toResult(entry));
    },
  );
}
