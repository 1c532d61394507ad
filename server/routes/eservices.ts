import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, AUTHORITY_PTIB, AUTHORIZATION_SEMS01, ok } from '#contract/index.ts';
import {
  appCodeParamsSchema,
  catalogueResponseSchema,
  envelopeSchema,
  errorEnvelopeSchema,
  eserviceDetailSchema,
  eserviceVersionQuerySchema,
} from '#contract/schemas/index.ts';
import { catalogueFor } from '../cases/catalogue.ts';
import { eserviceFor } from '../cases/service.ts';

/** The e-service catalogue: what the acting user may use, grouped (the header's menus come from it too). */
export async function eserviceRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const preValidation = [app.requireAuthority(AUTHORITY_PTIB), app.requireAuthorization(AUTHORIZATION_SEMS01)];
  const refusals = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema };

  r.get(
    API_PATHS.eservices,
    { preValidation, schema: { response: { 200: envelopeSchema(catalogueResponseSchema), ...refusals } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await catalogueFor(app.db, request.principal!));
    },
  );

  r.get(
    `${API_PATHS.eservices}/:code`,
    {
      preValidation,
      schema: {
        params: appCodeParamsSchema,
        querystring: eserviceVersionQuerySchema,
        response: { 200: envelopeSchema(eserviceDetailSchema), ...refusals },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return ok(await eserviceFor(app.db, request.params.code, request.principal!, request.query.version));
    },
  );
}
