import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, AUTHORITY_PTIB, AUTHORIZATION_SEMS01, MESSAGES, RESPONSE_CODE, ok } from '#contract/index.ts';
import { CASE_MESSAGES, CASE_PATHS, DASHBOARD_LATEST_COUNT, normalizeCaseNumber } from '#contract/cases.ts';
import {
  caseDetailSchema,
  caseIdParamsSchema,
  casesListSchema,
  casesSummarySchema,
  createCaseRequestSchema,
  deleteCaseRequestSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  fieldErrorsSchema,
  listCasesQuerySchema,
  madeElsewhereSchema,
  recordListSchema,
  resubmitCaseRequestSchema,
  searchCasesQuerySchema,
  updateCaseRequestSchema,
} from '#contract/schemas/index.ts';
import { z } from 'zod';
import { badRequest } from '../plugins/errors.ts';
import { findByCaseNumber, overviewOfCases, toSummary } from '../cases/records.ts';
import { progressOf } from '../cases/progress.ts';
import { travelAmendmentOf } from '../cases/travel-requests.ts';
import {
  FieldValidationError,
  createCase,
  deleteCase,
  listOfCases,
  requireUsableEservice,
  openCase,
  resubmitCase,
  saveCase,
  type Actor,
} from '../cases/service.ts';

/** Shared by the record routes and the process-engine routes. */
export const caseRefusals = {
  400: envelopeSchema(fieldErrorsSchema.nullable()),
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
};

export function actorOf(app: FastifyInstance, request: FastifyRequest): Actor {
  return { principal: request.principal!, clientAddress: request.ip, now: app.now() };
}

/**
 * Answers a form-rule failure with each field's message in responseJSON, so the app can show them all.
 * Set in each record plugin's own context; any other error goes on to the app's error handler.
 */
export function answerFieldErrors(app: FastifyInstance): void {
  app.setErrorHandler((error, _request, reply) => {
    if (!(error instanceof FieldValidationError)) throw error;
    return reply.code(400).send({
      header: { responseCode: RESPONSE_CODE.BAD_REQUEST, responseDesc: error.message },
      responseJSON: { fieldErrors: error.fieldErrors, errors: error.errors },
    });
  });
}

/**
 * E-service records of the acting profile (the workflow calls are in process-engine.ts). Every call
 * needs the PTIB authority, SEMS01 and the e-service's own authorizations; another profile's record
 * is answered 404 without a word of its content.
 */
export async function caseRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = [app.requireAuthority(AUTHORITY_PTIB), app.requireAuthorization(AUTHORIZATION_SEMS01)];
  const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store');
  answerFieldErrors(app);

  r.get(
    API_PATHS.cases,
    {
      preValidation,
      schema: {
        querystring: listCasesQuerySchema,
        response: { 200: envelopeSchema(recordListSchema), ...caseRefusals },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await listOfCases(app.db, request.query.app, request.principal!));
    },
  );

  r.get(
    API_PATHS.casesSearch,
    {
      preValidation,
      schema: {
        querystring: searchCasesQuerySchema,
        response: { 200: envelopeSchema(casesListSchema), ...caseRefusals },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const caseNumber = normalizeCaseNumber(request.query.caseNumber);
      if (!caseNumber) throw badRequest(CASE_MESSAGES.badCaseNumber);
      const appCode = request.query.app;
      if (appCode) await requireUsableEservice(app.db, appCode, request.principal!);
      const rows = await findByCaseNumber(app.db, request.principal!.actingProfileId, caseNumber, appCode);
      return ok({ cases: rows.map(toSummary) });
    },
  );

  // A static path: find-my-way prefers it to CASE_PATHS.one's `:id` (whose schema would refuse it anyway).
  r.get(
    API_PATHS.casesSummary,
    { preValidation, schema: { response: { 200: envelopeSchema(casesSummarySchema), ...caseRefusals } } },
    async (request, reply) => {
      noStore(reply);
      const principal = request.principal!;
      const { counts, latest } = await overviewOfCases(
        app.db,
        principal.actingProfileId,
        principal.authorizations,
        DASHBOARD_LATEST_COUNT,
        app.now(),
      );
      // Each of the few latest records says where it stands and what to do next (docs/decisions/0040).
      const withProgress = await Promise.all(
        latest.map(async (row) => {
          const c = toSummary(row);
          return c.status === 'draft'
            ? c
            : {
                ...c,
                progress: await progressOf(app.db, c, app.now(), row),
              };
        }),
      );
      return ok({ counts, latest: withProgress });
    },
  );

  r.get(
    CASE_PATHS.one,
    {
      preValidation,
      schema: { params: caseIdParamsSchema, response: { 200: envelopeSchema(caseDetailSchema), ...caseRefusals } },
    },
    async (request, reply) => {
      noStore(reply);
      const { row } = await openCase(app.db, request.params.id, request.principal!);
      // A travel application shows the trip an approved amendment made of it (docs/decisions/0091).
      const travelAmendment = await travelAmendmentOf(app.db, {
        app_code: row.appCode,
        case_number: row.caseNumber,
        status: row.status,
        profile_id: request.principal!.actingProfileId,
      });
      return ok({
        ...row,
        progress: await progressOf(app.db, row, app.now()),
        ...(travelAmendment ? { travelAmendment } : {}),
      });
    },
  );

  r.post(
    API_PATHS.cases,
    {
      preValidation,
      schema: {
        body: createCaseRequestSchema,
        response: {
          201: envelopeSchema(caseDetailSchema),
          ...caseRefusals,
          // A first save whose key made a record since: which one (docs/decisions/0036).
          409: envelopeSchema(madeElsewhereSchema.nullable()),
        },
      },
    },
    async (request, reply) => {
      const created = await createCase(app.db, actorOf(app, request), request.body);
      return reply.code(201).send(ok(created, request.body.draft ? MESSAGES.draftSaved : MESSAGES.recordSaved));
    },
  );

  r.post(
    CASE_PATHS.one,
    {
      preValidation,
      schema: {
        params: caseIdParamsSchema,
        body: updateCaseRequestSchema,
        response: { 200: envelopeSchema(caseDetailSchema), ...caseRefusals },
      },
    },
    async (request) => {
      const saved = await saveCase(app.db, actorOf(app, request), request.params.id, request.body);
      return ok(saved, request.body.draft ? MESSAGES.draftSaved : MESSAGES.recordSaved);
    },
  );

  r.post(
    CASE_PATHS.resubmit,
    {
      preValidation,
      schema: {
        params: caseIdParamsSchema,
        body: resubmitCaseRequestSchema,
        response: { 200: envelopeSchema(caseDetailSchema), ...caseRefusals },
      },
    },
    async (request) => {
      const saved = await resubmitCase(app.db, actorOf(app, request), request.params.id, request.body);
      return ok({ ...saved, progress: await progressOf(app.db, saved, app.now()) }, CASE_MESSAGES.resubmitted);
    },
  );

  r.post(
    CASE_PATHS.delete,
    {
      preValidation,
      schema: {
        params: caseIdParamsSchema,
        body: deleteCaseRequestSchema,
        response: { 200: envelopeSchema(z.null()), ...caseRefusals },
      },
    },
    async (request) => {
      await deleteCase(app.db, actorOf(app, request), request.params.id, request.body.version);
      return ok(null, MESSAGES.recordDeleted);
    },
  );
}
