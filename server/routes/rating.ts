import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, RESPONSE_CODE, ok } from '#contract/index.ts';
import { RATING, SITE_MESSAGES } from '#contract/site-pages.ts';
import {
  envelopeSchema,
  errorEnvelopeSchema,
  ratingRequestSchema,
  ratingResponseSchema,
} from '#contract/schemas/index.ts';
import { ApiError } from '../plugins/errors.ts';

/** The address is only ever a key for the counter: hashed, so the table holds no one's address. */
const clientKey = (address: string) => createHash('sha256').update(address).digest('hex');

/**
 * POST /api/rating: Rate This E-Service. Anonymous; each client address may send RATING.LIMIT_PER_WINDOW
 * ratings per fixed window. The counter is a database row bumped in the same transaction as the
 * insert, so the limit holds across every server process.
 */
export async function ratingRoutes(app: FastifyInstance): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().post(
    API_PATHS.rating,
    {
      schema: {
        body: ratingRequestSchema,
        response: {
          200: envelopeSchema(ratingResponseSchema),
          400: errorEnvelopeSchema,
          429: errorEnvelopeSchema,
        },
      },
    },
    async (request, reply) => {
      const { rating, comment } = request.body;
      // Fixed wall-clock windows, read from the app's clock so tests can move it.
      const now = app.now().getTime();
      const windowStart = now - (now % RATING.WINDOW_MS);
      await app.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ hits: number }>(
          `INSERT INTO rating_rate_limits (client_key, window_start, hits) VALUES ($1, $2, 1)
           ON CONFLICT (client_key, window_start) DO UPDATE SET hits = rating_rate_limits.hits + 1
           RETURNING hits`,
          [clientKey(request.ip), new Date(windowStart).toISOString()],
        );
        if ((rows[0]?.hits ?? 0) > RATING.LIMIT_PER_WINDOW) {
          reply.header('Retry-After', String(Math.ceil((windowStart + RATING.WINDOW_MS - now) / 1000)));
          throw new ApiError(429, RESPONSE_CODE.TOO_MANY_REQUESTS, SITE_MESSAGES.ratingTooMany);
        }
        await tx.query('INSERT INTO ratings (rating, comment) VALUES ($1, $2)', [rating, comment]);
        await tx.query('DELETE FROM rating_rate_limits WHERE window_start < $1', [
          new Date(windowStart - RATING.WINDOW_MS).toISOString(),
        ]);
      });
      return ok({ received: true as const }, SITE_MESSAGES.ratingThanks);
    },
  );
}
