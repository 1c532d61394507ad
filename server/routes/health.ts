import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '#contract/index.ts';

const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['ok', 'unreachable']) });

/** GET /healthz: the process is up and the database answers. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      API_PATHS.health,
      { schema: { response: { 200: healthSchema, 503: healthSchema } } },
      async (_request, reply) => {
        try {
          await app.db.query('SELECT 1');
          return reply.header('Cache-Control', 'no-store').send({ status: 'ok', database: 'ok' });
        } catch {
          return reply
            .code(503)
            .header('Cache-Control', 'no-store')
            .send({ status: 'unavailable', database: 'unreachable' });
        }
      },
    );
}
