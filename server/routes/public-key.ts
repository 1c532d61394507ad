import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS } from '#contract/index.ts';
import { publicPayloadJwkSchema } from '#contract/schemas/crypto.ts';

/**
 * GET /api/public-key: the key clients wrap their payload keys with, as a bare JWK (RFC 7517), the form
 * WebCrypto imports directly; not an envelope. Not cached (like every API answer), so a replaced key
 * reaches clients on their next page load.
 */
export async function publicKeyRoutes(app: FastifyInstance): Promise<void> {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(API_PATHS.publicKey, { schema: { response: { 200: publicPayloadJwkSchema } } }, async () => {
      const { publicJwk } = await app.payloadKeys.get();
      return publicJwk;
    });
}
