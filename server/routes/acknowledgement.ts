import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AUTHORITY_PTIB, AUTHORIZATION_SEMS01, RESPONSE_CODE } from '../../contract/index.ts';
import { CASE_MESSAGES, CASE_PATHS } from '../../contract/cases.ts';
import { formatLimit } from '../../contract/documents.ts';
import { allFields, summarise, type FormDefinition } from '../../contract/forms/index.ts';
import { caseIdParamsSchema } from '../../contract/schemas/index.ts';
import { openCase } from '../cases/service.ts';
import { listDocuments } from '../documents/store.ts';
import { renderAcknowledgement } from '../pdf/acknowledgement.ts';
import { ApiError } from '../plugins/errors.ts';

/**
 * The PDF acknowledgement of a submitted record, for its acting profile: made anew on each download from
 * the stored answers, documents and the digest fixed at submission, so it always says the same.
 */
export async function acknowledgementRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = [app.requireAuthority(AUTHORITY_PTIB), app.requireAuthorization(AUTHORIZATION_SEMS01)];

  r.get(CASE_PATHS.acknowledgement, { preHandler, schema: { params: caseIdParamsSchema } }, async (request, reply) => {
    const principal = request.principal!;
    const { row, eservice } = await openCase(app.db, request.params.id, principal);
    if (row.status === 'draft' || !row.submittedAt)
      throw new ApiError(409, RESPONSE_CODE.CONFLICT, CASE_MESSAGES.notSubmittedYet);
    const { rows } = await app.db.query<{
      digest: string | null;
      submitter: string | null;
      submitter_profile: string | null;
      owner: string;
      owner_id_num: string;
    }>(
      `SELECT c.submitted_digest AS digest, sp.ptib_name AS submitter, a.profile_id AS submitter_profile,
              op.ptib_name AS owner, op.id_num AS owner_id_num
         FROM cases c
         JOIN ptib_profiles op ON op.id = c.profile_id
         LEFT JOIN LATERAL (SELECT account_id FROM case_status_history h
                             WHERE h.case_id = c.id AND h.to_status = 'submitted' ORDER BY h.id DESC LIMIT 1) s ON true
         LEFT JOIN accounts a ON a.id = s.account_id
         LEFT JOIN ptib_profiles sp ON sp.id = a.profile_id
        WHERE c.id = $1::bigint`,
      [row.id],
    );
    const facts = rows[0]!;
    const documents = await listDocuments(app.db, row.id, {
      profileId: principal.actingProfileId,
      accountId: principal.accountId,
    });
    const fileNames = Object.fromEntries(
      documents.map((d) => [d.id, `${d.fileName} (${formatLimit(d.sizeBytes)})`] as const),
    );
    const pdf = await renderAcknowledgement({
      eserviceTitle: eservice.title,
      caseNumber: row.caseNumber,
      submittedAt: new Date(row.submittedAt),
      submittedBy: facts.submitter ?? facts.owner,
      onBehalfOf:
        facts.submitter_profile && facts.submitter_profile !== principal.actingProfileId
          ? `${facts.owner} (${facts.owner_id_num})`
          : undefined,
      sections: summarise(eservice.form, row.data, fileNames),
      files: documents.map((d) => ({
        question: questionOf(eservice.form, d.fieldName),
        fileName: d.fileName,
        sizeBytes: d.sizeBytes,
      })),
      digest: facts.digest ?? '(not recorded: submitted before digests were kept)',
      contactPhone: app.config.CONTACT_PHONE,
    });
    return reply
      .header('Cache-Control', 'private, no-store')
      .header('Content-Type', 'application/pdf')
      .header('Content-Disposition', `attachment; filename="acknowledgement-${row.caseNumber.replace(/ /g, '-')}.pdf"`)
      .send(Buffer.from(pdf));
  });
}

/** The label of an attachment question, also inside a repeating group. */
function questionOf(form: FormDefinition, name: string): string {
  for (const field of allFields(form)) {
    if (field.name === name) return field.label;
    if (field.type === 'group') {
      const child = field.fields.find((f) => f.name === name);
      if (child) return `${field.label}: ${child.label}`;
    }
  }
  return name;
}
