import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { isApiPath } from './errors.ts';

/**
 * Security headers on every answer (OWASP ASVS V14.4): a strict Content-Security-Policy with no inline
 * or eval'd script, nosniff, a strict referrer policy, COOP, frame-ancestors 'none'; HSTS only when the
 * request came over TLS (at the proxy), so plain-HTTP local use is not pinned to HTTPS.
 * API answers are never stored by caches.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        // The header search form (GET /search) is redirected to the all-of-government search for scope
        // 'gov'; form-action also governs that redirect, so its origin is allowed too.
        formAction: ["'self'", new URL(app.config.GOV_SEARCH_URL).origin],
        manifestSrc: ["'self'"],
        workerSrc: ["'self'"],
      },
    },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    xFrameOptions: { action: 'deny' },
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (isApiPath(request.url, app.config)) reply.header('Cache-Control', 'no-store');
    return payload;
  });
}
