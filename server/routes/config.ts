import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, ok } from '#contract/index.ts';
import { envelopeSchema, publicConfigSchema } from '#contract/schemas/index.ts';
import { isSsoConfigured } from '../saml/settings.ts';

/** GET /api/config: what the web app needs to know of this deployment (nothing secret). */
export async function configRoutes(app: FastifyInstance): Promise<void> {
  const c = app.config;
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      API_PATHS.config,
      { schema: { response: { 200: envelopeSchema(publicConfigSchema) } } },
      async (_request, reply) => {
        reply.header('Cache-Control', 'no-store');
        return ok({
          contactPhone: c.CONTACT_PHONE,
          processEngineBase: c.PROCESS_ENGINE_BASE,
          sessionMaxHours: c.SESSION_MAX_HOURS,
          ssoEnabled: isSsoConfigured(c),
          links: {
            faqs: c.LINK_FAQS || null,
            contactUs: c.LINK_CONTACT_US || null,
            usefulLinks: c.LINK_USEFUL_LINKS || null,
            privacyStatement: c.LINK_PRIVACY_STATEMENT || null,
            termsAndConditions: c.LINK_TERMS_AND_CONDITIONS || null,
            termsOfUse: c.LINK_TERMS_OF_USE || null,
            reportVulnerability: c.LINK_REPORT_VULNERABILITY || null,
            rate: c.LINK_RATE || null,
          },
        });
      },
    );
}
