import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RESPONSE_CODE, ok } from '#contract/index.ts';
import { DEFAULT_DOCUMENT_LIMITS } from '#contract/documents.ts';
import {
  OFFICER_MESSAGES,
  OFFICER_PATHS,
  bulkActionRequestSchema,
  bulkResultSchema,
  eserviceChoicesSchema,
  officerActionRequestSchema,
  officerCaseParamsSchema,
  officerCaseSchema,
  officerDocumentParamsSchema,
  officerListSchema,
  officerMeSchema,
  queuePageSchema,
  OFFICER_QUEUE_STATUSES,
  queueQuerySchema,
} from '#contract/officer.ts';
import { envelopeSchema, errorEnvelopeSchema } from '#contract/schemas/index.ts';
import { audit } from '../auth/audit.ts';
import { requireOfficer } from '../auth/officer.ts';
import { ApiError, badRequest } from '../plugins/errors.ts';
import {
  StaleCaseError,
  act,
  attachToDecision,
  bulkAct,
  mayAttach,
  removeFromDecision,
  type OfficerActor,
} from '../officer/actions.ts';
import { caseNotFound, caseView, findOfficerCase } from '../officer/cases.ts';
import { queuePage } from '../officer/queues.ts';
import { SENT_TO_OFFICERS } from '../documents/store.ts';
import { registerUploads, takeUpload } from '../documents/intake.ts';
import type { Scanner } from '../documents/scanner.ts';

const refusals = {
  400: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: envelopeSchema(officerCaseSchema.nullable()),
};

/**
 * The back office's calls (docs/decisions/0039, 0040): officers only (a PTIB token is refused with
 * PTACC-951), case work for the officer and supervisor roles. `scanner` checks the files officers attach to a
 * decision, as it does the applicants' (docs/decisions/0090); null: none configured.
 */
export async function officerRoutes(app: FastifyInstance, options: { scanner: Scanner | null }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const anyOfficer = requireOfficer();
  const caseWorker = requireOfficer(['officer', 'supervisor']);
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');
  const actorOf = (request: FastifyRequest): OfficerActor => ({
    officer: request.officer!,
    clientAddress: request.ip,
    now: app.now(),
  });

  const refuseUnscanned = app.config.NODE_ENV === 'production' && !options.scanner;
  await registerUploads(app);

  // A stale version answers the case as it is now, so the screen shows the new state with the message.
  app.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof StaleCaseError)) throw error;
    return reply.code(409).send({
      header: { responseCode: RESPONSE_CODE.CONFLICT, responseDesc: error.message },
      responseJSON: error.current,
    });
  });

  r.get(
    OFFICER_PATHS.me,
    { preValidation: anyOfficer, schema: { response: { 200: envelopeSchema(officerMeSchema) } } },
    async (request, reply) => {
      noStore(reply);
      const o = request.officer!;
      return ok({ accountId: o.accountId, loginName: o.loginName, displayName: o.displayName, roles: o.roles });
    },
  );

  r.get(
    OFFICER_PATHS.officers,
    { preValidation: caseWorker, schema: { response: { 200: envelopeSchema(officerListSchema) } } },
    async (_request, reply) => {
      noStore(reply);
      const { rows } = await app.db.query<{ account_id: string; display_name: string; roles: string[] }>(
        `SELECT o.account_id, o.display_name, o.roles FROM officers o JOIN accounts a ON a.id = o.account_id
          WHERE NOT a.disabled AND (o.roles && ARRAY['officer', 'supervisor']) ORDER BY o.display_name`,
      );
      return ok({
        officers: rows.map((o) => ({
          accountId: Number(o.account_id),
          displayName: o.display_name,
          roles: o.roles as ('officer' | 'supervisor' | 'finance')[],
        })),
      });
    },
  );

  r.get(
    OFFICER_PATHS.eservices,
    { preValidation: caseWorker, schema: { response: { 200: envelopeSchema(eserviceChoicesSchema) } } },
    async (_request, reply) => {
      noStore(reply);
      // Inactive ones too: their records still wait in the queues.
      const { rows } = await app.db.query<{ code: string; title: string }>(
        'SELECT code, title FROM eservices ORDER BY sort_order, title',
      );
      return ok({ eservices: rows });
    },
  );

  r.get(
    OFFICER_PATHS.queue,
    {
      preValidation: caseWorker,
      schema: { querystring: queueQuerySchema, response: { 200: envelopeSchema(queuePageSchema), ...refusals } },
    },
    async (request, reply) => {
      noStore(reply);
      const q = request.query;
      if (q.minAgeDays !== undefined && q.maxAgeDays !== undefined && q.minAgeDays > q.maxAgeDays)
        throw badRequest(OFFICER_MESSAGES.badQueueFilter('minAgeDays is more than maxAgeDays'));
      if (q.status && !OFFICER_QUEUE_STATUSES[q.queue].includes(q.status))
        throw badRequest(OFFICER_MESSAGES.badQueueFilter(`the ${q.queue} queue holds no case with status ${q.status}`));
      return ok(await queuePage(app.db, request.officer!, q, app.now()));
    },
  );

  r.get(
    OFFICER_PATHS.case,
    {
      preValidation: caseWorker,
      schema: { params: officerCaseParamsSchema, response: { 200: envelopeSchema(officerCaseSchema), ...refusals } },
    },
    async (request, reply) => {
      noStore(reply);
      const row = await findOfficerCase(app.db, request.params.id);
      if (!row) throw caseNotFound();
      return ok(await caseView(app.db, row, request.officer!, app.now()));
    },
  );

  r.post(
    OFFICER_PATHS.action,
    {
      preValidation: caseWorker,
      schema: {
        params: officerCaseParamsSchema,
        body: officerActionRequestSchema,
        response: { 200: envelopeSchema(officerCaseSchema), ...refusals },
      },
    },
    async (request) => {
      const view = await act(app.db, actorOf(request), request.params.id, request.body);
      return ok(view, OFFICER_MESSAGES.done[request.body.action]);
    },
  );

  r.post(
    OFFICER_PATHS.decisionDocuments,
    {
      preValidation: caseWorker,
      schema: { params: officerCaseParamsSchema, response: { 201: envelopeSchema(officerCaseSchema), ...refusals } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const id = request.params.id;
      // Refused before the file is read: nothing reaches the applicant unchecked (docs/decisions/0037).
      const row = await mayAttach(app.db, actor, id);
      if (refuseUnscanned) throw new ApiError(503, RESPONSE_CODE.UNAVAILABLE, OFFICER_MESSAGES.attachUnavailable);
      const file = await takeUpload(
        app,
        request,
        { accountId: actor.officer.accountId, reply, guards: [caseWorker] },
        DEFAULT_DOCUMENT_LIMITS,
        options.scanner,
        (signature) =>
          audit(app.db, {
            event: 'officer_document_refused',
            outcome: 'failure',
            at: actor.now,
            accountId: actor.officer.accountId,
            loginName: actor.officer.loginName,
            clientAddress: actor.clientAddress,
            detail: { caseId: row.id, caseNumber: row.case_number, reason: 'virus', signature },
          }),
      );
      const view = await attachToDecision(app.db, actor, id, file);
      return reply.code(201).send(ok(view, OFFICER_MESSAGES.attached));
    },
  );

  r.post(
    OFFICER_PATHS.decisionDocumentDelete,
    {
      preValidation: caseWorker,
      schema: {
        params: officerDocumentParamsSchema,
        body: z.object({}).optional(),
        response: { 200: envelopeSchema(officerCaseSchema), ...refusals },
      },
    },
    async (request) => {
      const { id, documentId } = request.params;
      return ok(await removeFromDecision(app.db, actorOf(request), id, documentId), OFFICER_MESSAGES.detached);
    },
  );

  r.post(
    OFFICER_PATHS.bulk,
    {
      preValidation: caseWorker,
      schema: { body: bulkActionRequestSchema, response: { 200: envelopeSchema(bulkResultSchema), ...refusals } },
    },
    async (request) => {
      const { action, cases, actionKey } = request.body;
      const result = await bulkAct(app.db, actorOf(request), action, cases, actionKey);
      const done = result.results.filter((x) => x.ok).length;
      return ok(result, OFFICER_MESSAGES.bulkDone(done, result.results.length));
    },
  );

  r.get(
    OFFICER_PATHS.document,
    // No response schema: the answer is the file's bytes.
    { preValidation: caseWorker, schema: { params: officerDocumentParamsSchema } },
    async (request, reply) => {
      const { rows } = await app.db.query<{ file_name: string; media_type: string; content: Uint8Array }>(
        // Never a file no scanner has passed (docs/decisions/0037): to an officer it does not exist.
        `SELECT d.file_name, d.media_type, d.content FROM documents d JOIN cases c ON c.id = d.case_id
          WHERE d.id = $1::uuid AND d.case_id = $2::bigint AND c.deleted_at IS NULL AND c.status <> 'draft'
            AND d.scan_status = 'clean' AND ${SENT_TO_OFFICERS}`,
        [request.params.documentId, request.params.id],
      );
      const found = rows[0];
      if (!found) throw new ApiError(404, RESPONSE_CODE.NOT_FOUND, OFFICER_MESSAGES.documentNotFound);
      // An applicant's file read by an officer: in the audit trail like every back-office action.
      const o = request.officer!;
      await audit(app.db, {
        event: 'officer_document_download',
        at: app.now(),
        accountId: o.accountId,
        loginName: o.loginName,
        clientAddress: request.ip,
        detail: { caseId: request.params.id, documentId: request.params.documentId },
      });
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Type', found.media_type)
        .header(
          'Content-Disposition',
          `attachment; filename="${found.file_name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(found.file_name)}`,
        )
        .send(Buffer.from(found.content));
    },
  );
}
