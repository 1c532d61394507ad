import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { isApiPath, requestPath } from './errors.ts';
import { builtIndexHtml, inlineScriptHashes } from './web-index.ts';

/**
 * Security headers on every answer (OWASP ASVS V14.4): a strict Content-Security-Policy with no eval'd
 * script and no inline script but the build's route gate (allowed by its hash), nosniff, a strict referrer policy, COOP, frame-ancestors 'none'; HSTS only when the
 * request came over TLS (at the proxy), so plain-HTTP local use is not pinned to HTTPS.
 * API answers are never stored by caches.
 *
 * The headers are helmet's, for the options below, worked out once when the server starts and set as they
 * are on every answer: @fastify/helmet built helmet's middleware again on every request (parsing the CSP
 * directives each time), a few per cent of a signed-in call's CPU (docs/decisions/0021).
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  // The route gate inlined in the built index.html runs by its hash, computed from the very bytes the
  // server sends (web-index.ts), so the two cannot disagree; no build, no hash: 'self' alone.
  const inlineScripts = inlineScriptHashes(builtIndexHtml(app.config.WEB_DIST)?.toString('utf8') ?? '');
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScripts],
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
  // On the raw response, where helmet's middleware put them: same precedence against a route's own headers.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
    if (isApiPath(requestPath(request), app.config)) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });
}

/**
 * The headers helmet's middleware sets for these options, recorded by running it once against a stand-in
 * response. Nothing in them may depend on the request: an option that reads it (a CSP directive function,
 * a nonce) throws here, at start. Helmet's one removal, X-Powered-By, is a header Fastify never sets.
 */
function helmetHeaders(options: HelmetOptions): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const response = {
    setHeader(name: string, value: unknown) {
      if (typeof value !== 'string') throw new Error(`helmet header ${name} is not a string`);
      headers.push([name, value]);
    },
    removeHeader() {},
  };
  const request = new Proxy(
    {},
    {
      get(_target, property) {
        throw new Error(`a security header depends on the request (${String(property)}): it cannot be computed once`);
      },
    },
  );
  helmet(options)(request as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
