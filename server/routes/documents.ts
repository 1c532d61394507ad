import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AUTHORITY_PTIB, AUTHORIZATION_SEMS01, RESPONSE_CODE, ok } from '#contract/index.ts';
import { isEditable, type CaseStatus } from '#contract/cases.ts';
import { withDependents, type FormDefinition } from '#contract/forms/index.ts';
import { DOCUMENT_MESSAGES, DOCUMENT_PATHS } from '#contract/documents.ts';
import {
  caseIdParamsSchema,
  documentIdParamsSchema,
  documentListSchema,
  documentSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  uploadQuerySchema,
} from '#contract/schemas/index.ts';
import { audit } from '../auth/audit.ts';
import { openCase, refuseOwnScreen, who } from '../cases/service.ts';
import { actorOf } from './cases.ts';
import { registerUploads, takeUpload } from '../documents/intake.ts';
import { attachmentLimits } from '../documents/judge.ts';
import type { Scanner } from '../documents/scanner.ts';
import {
  countInField,
  deleteDocument,
  findDocument,
  findSameUpload,
  insertDocument,
  listDecisionDocuments,
  listDocuments,
  unseenDocuments,
} from '../documents/store.ts';
import { ApiError, badRequest } from '../plugins/errors.ts';
import type { Queryable } from '../db/database.ts';

const refusals = {
  400: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  503: errorEnvelopeSchema,
};

const notFound = () => new ApiError(404, RESPONSE_CODE.NOT_FOUND, DOCUMENT_MESSAGES.notFound);
/**
 * While an officer's request for more information asks an attachment question again (or one its answers
 * show: withDependents), its applicant may add files there (docs/decisions/0040); removing a submitted
 * file stays impossible.
 */
async function mayAddRequestedDocument(
  db: Queryable,
  caseId: string,
  fieldName: string,
  form: FormDefinition,
): Promise<boolean> {
  const { rows } = await db.query<{ fields: string[] }>(
    `SELECT r.fields FROM case_info_requests r JOIN cases c ON c.id = r.case_id
      WHERE r.case_id = $1::bigint AND r.answered_at IS NULL AND c.status = 'more_info_requested'`,
    [caseId],
  );
  return rows.some((r) => withDependents(form, r.fields).includes(fieldName));
}

/**
 * Whether a file was added for the open request for more information, on a question it asks again: its
 * applicant may take it back until the answer is sent. A file the record was sent with stays the record's.
 */
async function mayRemoveRequestedDocument(
  db: Queryable,
  document: { id: string; fieldName: string },
  form: FormDefinition,
): Promise<boolean> {
  const { rows } = await db.query<{ fields: string[] }>(
    `SELECT r.fields FROM documents d JOIN cases c ON c.id = d.case_id JOIN case_info_requests r ON r.case_id = c.id
      WHERE d.id = $1::uuid AND r.answered_at IS NULL AND c.status = 'more_info_requested'
        AND d.uploaded_at >= r.requested_at`,
    [document.id],
  );
  return rows.some((r) => withDependents(form, r.fields).includes(document.fieldName));
}

const notEditable = () => new ApiError(409, RESPONSE_CODE.CONFLICT, DOCUMENT_MESSAGES.notEditable);

/**
 * The record's status, its row locked until the transaction ends: a submission, a resubmission and every
 * change of the record's files take turns on it, so a file is never added or removed under a record being sent.
 */
async function lockedStatus(tx: Queryable, caseId: string): Promise<CaseStatus | undefined> {
  const { rows } = await tx.query<{ status: CaseStatus }>(
    'SELECT status FROM cases WHERE id = $1::bigint AND deleted_at IS NULL FOR UPDATE',
    [caseId],
  );
  return rows[0]?.status;
}

/**
 * Supporting documents of the acting profile's records (docs/decisions/0037): upload to an attachment
 * field of a draft (one file a call, streamed, judged by content, scanned), list, download and remove.
 * `scanner` null: no scanner configured, so files are kept marked not scanned, or refused in production.
 */
export async function documentRoutes(app: FastifyInstance, options: { scanner: Scanner | null }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = [app.requireAuthority(AUTHORITY_PTIB), app.requireAuthorization(AUTHORIZATION_SEMS01)];
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');
  const refuseUnscanned = app.config.NODE_ENV === 'production' && !options.scanner;
  await registerUploads(app);

  r.get(
    DOCUMENT_PATHS.ofCase,
    {
      preValidation,
      schema: { params: caseIdParamsSchema, response: { 200: envelopeSchema(documentListSchema), ...refusals } },
    },
    async (request, reply) => {
      noStore(reply);
      const principal = request.principal!;
      await openCase(app.db, request.params.id, principal);
      const viewer = { profileId: principal.actingProfileId, accountId: principal.accountId };
      return ok({
        documents: await listDocuments(app.db, request.params.id, viewer),
        decisionDocuments: await listDecisionDocuments(app.db, request.params.id, viewer),
        unseen: await unseenDocuments(app.db, request.params.id, viewer),
      });
    },
  );

  r.post(
    DOCUMENT_PATHS.ofCase,
    {
      preValidation,
      schema: {
        params: caseIdParamsSchema,
        querystring: uploadQuerySchema,
        response: { 201: envelopeSchema(documentSchema), ...refusals },
      },
    },
    async (request, reply) => {
      const principal = request.principal!;
      const actor = actorOf(app, request);
      const now = actor.now;
      const { row, eservice } = await openCase(app.db, request.params.id, principal);
      refuseOwnScreen(row.appCode);
      const fieldName = request.query.field;
      if (
        !isEditable(row.status as CaseStatus) &&
        !(await mayAddRequestedDocument(app.db, row.id, fieldName, eservice.form))
      )
        throw notEditable();
      const limits = attachmentLimits(eservice.form, fieldName);
      if (!limits) throw badRequest(DOCUMENT_MESSAGES.notAttachmentField);
      if (refuseUnscanned) throw new ApiError(503, RESPONSE_CODE.UNAVAILABLE, DOCUMENT_MESSAGES.unavailable);
      const file = await takeUpload(
        app,
        request,
        { accountId: principal.accountId, reply, guards: preValidation },
        limits,
        options.scanner,
        (signature) =>
          audit(app.db, {
            event: 'document_refused',
            outcome: 'failure',
            ...who(actor),
            detail: { caseId: row.id, field: fieldName, reason: 'virus', signature },
          }),
        // A question with all its files is refused before the costly scan and judgement, unless these bytes
        // are one of its files sent again (answered with it, below). Checked again on the locked record.
        async (sha256) => {
          if (
            (await countInField(app.db, row.id, fieldName)) >= limits.maxFiles &&
            !(await findSameUpload(app.db, { caseId: row.id, fieldName, sha256, accountId: principal.accountId }))
          )
            throw badRequest(DOCUMENT_MESSAGES.tooMany(limits));
        },
      );
      // takeUpload checked the caller again once the file was in: one who acts for another profile by now (a
      // switch in another tab) no longer has this record open, as for any call made after the switch.
      if (request.principal!.actingProfileId !== principal.actingProfileId)
        await openCase(app.db, row.id, request.principal!);

      const stored = await app.db.transaction(async (tx) => {
        // Checked again on the locked record: uploads sent together each found room before their files were
        // read, and a record may have been submitted meanwhile.
        const status = await lockedStatus(tx, row.id);
        if (!status || (!isEditable(status) && !(await mayAddRequestedDocument(tx, row.id, fieldName, eservice.form))))
          throw notEditable();
        // The same bytes on the same question from the same uploader are the same upload, sent again: its
        // answer was lost (Chromium re-sends by itself after a connection closed), or it went twice at once,
        // which the record's lock above makes take turns. Answered with the file kept, not stored twice
        // (docs/decisions/0037).
        const kept = await findSameUpload(tx, {
          caseId: row.id,
          fieldName,
          sha256: file.sha256,
          accountId: principal.accountId,
        });
        if (kept) return kept;
        if ((await countInField(tx, row.id, fieldName)) >= limits.maxFiles)
          throw badRequest(DOCUMENT_MESSAGES.tooMany(limits));
        const document = await insertDocument(tx, {
          id: randomUUID(),
          caseId: row.id,
          fieldName,
          ...file,
          accountId: principal.accountId,
          now,
        });
        await audit(tx, {
          event: 'document_upload',
          ...who(actor),
          detail: {
            caseId: row.id,
            documentId: document.id,
            field: fieldName,
            sizeBytes: document.sizeBytes,
            scanStatus: file.scanStatus,
          },
        });
        return document;
      });
      return reply.code(201).send(ok(stored, DOCUMENT_MESSAGES.uploaded));
    },
  );

  r.get(
    DOCUMENT_PATHS.one,
    // No response schema: the answer is the file's bytes (a refusal goes through the app's error handler).
    { preValidation, schema: { params: documentIdParamsSchema } },
    async (request, reply) => {
      const principal = request.principal!;
      const found = await findDocument(
        app.db,
        request.params.documentId,
        { profileId: principal.actingProfileId, accountId: principal.accountId },
        true,
      );
      if (!found?.content) throw notFound();
      // Answered as its record is: refused when the record's e-service is not the principal's to use (403) or
      // has been withdrawn (404), as the record and its list of files are.
      await openCase(app.db, found.caseId, principal);
      return reply
        .header('Cache-Control', 'private, no-store')
        .header('Content-Type', found.mediaType)
        .header(
          'Content-Disposition',
          `attachment; filename="${found.fileName.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(found.fileName)}`,
        )
        .send(Buffer.from(found.content));
    },
  );

  r.post(
    DOCUMENT_PATHS.delete,
    {
      preValidation,
      schema: {
        params: documentIdParamsSchema,
        body: z.object({}).optional(),
        response: { 200: envelopeSchema(z.null()), ...refusals },
      },
    },
    async (request) => {
      const principal = request.principal!;
      const viewer = { profileId: principal.actingProfileId, accountId: principal.accountId };
      await app.db.transaction(async (tx) => {
        const found = await findDocument(tx, request.params.documentId, viewer);
        if (!found) throw notFound();
        const { eservice } = await openCase(tx, found.caseId, principal);
        // Judged on the locked record, as an upload is: read unlocked, a removal sent with the record's
        // submission (a double click, two tabs, a master and the holder) found it a draft, and the record went
        // in naming a file that was gone.
        const status = await lockedStatus(tx, found.caseId);
        if (!status) throw notFound();
        if (!isEditable(status) && !(await mayRemoveRequestedDocument(tx, found, eservice.form))) throw notEditable();
        await deleteDocument(tx, found.id);
        await audit(tx, {
          event: 'document_delete',
          ...who(actorOf(app, request)),
          detail: { caseId: found.caseId, documentId: found.id, field: found.fieldName },
        });
      });
      return ok(null, DOCUMENT_MESSAGES.deleted);
    },
  );
}
