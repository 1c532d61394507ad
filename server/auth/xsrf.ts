import { randomBytes, type KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PATHS, AUTH_MESSAGES, RESPONSE_CODE, XSRF_COOKIE, XSRF_HEADER } from '#contract/index.ts';
import { ApiError, isApiPath } from '../plugins/errors.ts';
import { hmac, loadServerSecret, sameString } from '../security/server-secret.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A random part and its HMAC under the server's key: `<43>.<43>` (docs/decisions/0031). */
const XSRF_PATTERN = /^([A-Za-z0-9_-]{43})\.([A-Za-z0-9_-]{43})$/;
const SECRET_NAME = 'xsrf-hmac';

declare module 'fastify' {
  interface FastifyInstance {
    /** The HMAC key XSRF tokens are signed with. */
    xsrfKey: KeyObject;
  }
}

const sign = (key: KeyObject, random: string) => hmac(key, `xsrf.${random}`);

/** Whether a value is an XSRF token this server issued (a planted, made-up one is not). */
export function isIssuedXsrfToken(key: KeyObject, value: string | undefined): value is string {
  const match = value ? XSRF_PATTERN.exec(value) : null;
  return !!match && sameString(match[2]!, sign(key, match[1]!));
}

/** Sets the XSRF cookie when this browser has no valid one (the app reads it, so it is not httpOnly). */
export function ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  const key = request.server.xsrfKey;
  if (isIssuedXsrfToken(key, request.cookies[XSRF_COOKIE])) return;
  const random = randomBytes(32).toString('base64url');
  reply.setCookie(XSRF_COOKIE, `${random}.${sign(key, random)}`, {
    path: '/',
    sameSite: 'strict',
    secure: 'auto',
    httpOnly: false,
  });
}

/**
 * Double-submit XSRF protection (spec §7) with a signed token: API GET answers and the app's page hand out
 * the cookie; every other call must echo it in the X-XSRF-TOKEN header, and the cookie must carry the
 * server's signature. Decided by the route the router matched (its decoded path), never by the raw URL,
 * which a percent-encoded path would make differ. Unknown calls are left to answer their own 404.
 */
export async function registerXsrf(app: FastifyInstance, apiBase: string): Promise<void> {
  app.decorate('xsrfKey', await loadServerSecret(app.db, SECRET_NAME));
  const header = XSRF_HEADER.toLowerCase();
  const samlAcsPath = (apiBase === '/' ? '' : apiBase) + API_PATHS.session;
  app.addHook('onRequest', async (request, reply) => {
    if (request.is404) return;
    const route = request.routeOptions.url ?? '';
    if (SAFE_METHODS.has(request.method)) {
      // Not on static files: a cookie on a publicly cached, immutable answer would be shared or stored.
      if (request.method === 'GET' && (route === '/' || isApiPath(route, app.config))) {
        ensureXsrfCookie(request, reply);
      }
      return;
    }
    // The SAML assertion consumer is posted by the identity provider's auto-submitting form, which
    // cannot carry the header; the assertion's signature and its one-time InResponseTo protect it.
    if (request.method === 'POST' && route === samlAcsPath) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const sent = request.headers[header];
    if (!isIssuedXsrfToken(app.xsrfKey, cookie) || typeof sent !== 'string' || !sameString(cookie, sent)) {
      throw new ApiError(403, RESPONSE_CODE.FORBIDDEN, AUTH_MESSAGES.invalidXsrf);
    }
  });
}
