import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHORITY_PTIB, AUTHORIZATION_SEMS01, RESPONSE_CODE } from '#contract/index.ts';
import { CASE_MESSAGES, CASE_PATHS } from '#contract/cases.ts';
import { caseIdParamsSchema } from '#contract/schemas/index.ts';
import { acknowledgementFileName, acknowledgementPdf } from '../cases/acknowledgement.ts';
import { openCase } from '../cases/service.ts';
import { ApiError } from '../plugins/errors.ts';
import { sendPdf } from '../pdf/reply.ts';

/**
 * The PDF acknowledgement of a submitted record, for its acting profile: made anew on each download from
 * the stored answers, documents and the digest fixed at submission, so it always says the same. Drawn a few
 * at a time per account (docs/decisions/0095).
 */
export async function acknowledgementRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = [app.requireAuthority(AUTHORITY_PTIB), app.requireAuthorization(AUTHORIZATION_SEMS01)];

  r.get(
    CASE_PATHS.acknowledgement,
    { preValidation, schema: { params: caseIdParamsSchema } },
    async (request, reply) => {
      const principal = request.principal!;
      return app.pdfDownloads.run(principal.accountId, async () => {
        const { row, eservice } = await openCase(app.db, request.params.id, principal);
        if (row.status === 'draft' || !row.submittedAt)
          throw new ApiError(409, RESPONSE_CODE.CONFLICT, CASE_MESSAGES.notSubmittedYet);
        const pdf = await acknowledgementPdf(app.db, row, eservice, principal, app.config.CONTACT_PHONE);
        return sendPdf(reply, acknowledgementFileName(row.caseNumber), pdf);
      });
    },
  );
}
