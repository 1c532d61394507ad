import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHORITY_PTIB, AUTHORIZATION_SEMS01, PROCESS_ENGINE_PATHS, ok } from '#contract/index.ts';
import { CASE_MESSAGES } from '#contract/cases.ts';
import {
  caseDetailSchema,
  caseIdParamsSchema,
  caseStatusResponseSchema,
  envelopeSchema,
  submitCaseRequestSchema,
} from '#contract/schemas/index.ts';
import { statusHistory } from '../cases/progress.ts';
import { openCase, submitCase } from '../cases/service.ts';
import { actorOf, answerFieldErrors, caseRefusals } from './cases.ts';

/**
 * The case workflow under the process-engine base (PROCESS_ENGINE_BASE, default /process-engine):
 * the owner submits a draft and reads the status. Moves after submission are an operator's
 * (server/cases/cli.ts), never a call the web app can make.
 */
export async function processEngineRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = [app.requireAuthority(AUTHORITY_PTIB), app.requireAuthorization(AUTHORIZATION_SEMS01)];
  answerFieldErrors(app);

  r.post(
    PROCESS_ENGINE_PATHS.submit,
    {
      preValidation,
      schema: {
        params: caseIdParamsSchema,
        body: submitCaseRequestSchema,
        response: { 200: envelopeSchema(caseDetailSchema), ...caseRefusals },
      },
    },
    async (request) => {
      const submitted = await submitCase(app.db, actorOf(app, request), request.params.id, request.body.version);
      return ok(submitted, CASE_MESSAGES.submitted);
    },
  );

  r.get(
    PROCESS_ENGINE_PATHS.status,
    {
      preValidation,
      schema: {
        params: caseIdParamsSchema,
        response: { 200: envelopeSchema(caseStatusResponseSchema), ...caseRefusals },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const { row } = await openCase(app.db, request.params.id, request.principal!);
      return ok({
        id: row.id,
        caseNumber: row.caseNumber,
        status: row.status,
        version: row.version,
        history: await statusHistory(app.db, row.id),
      });
    },
  );
}
