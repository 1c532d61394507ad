import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PATHS, AUTH_MESSAGES, RESPONSE_CODE, XSRF_COOKIE, XSRF_HEADER } from '../../contract/index.ts';
import { ApiError, isApiPath } from '../plugins/errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const XSRF_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Sets the XSRF cookie when this browser has none (the app reads it, so it is not httpOnly). */
export function ensureXsrfCookie(request: FastifyRequest, reply: FastifyReply): void {
  const current = request.cookies[XSRF_COOKIE];
  if (current && XSRF_PATTERN.test(current)) return;
  reply.setCookie(XSRF_COOKIE, randomBytes(32).toString('base64url'), {
    path: '/',
    sameSite: 'strict',
    secure: 'auto',
    httpOnly: false,
  });
}

/**
 * Double-submit XSRF protection (spec §7): GET answers hand out the cookie; every other call under the
 * API must echo it in the X-XSRF-TOKEN header. Unknown calls are left to answer their own 404.
 */
export function registerXsrf(app: FastifyInstance, apiBase: string): void {
  const header = XSRF_HEADER.toLowerCase();
  const samlAcsPath = (apiBase === '/' ? '' : apiBase) + API_PATHS.session;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method)) {
      if (request.method === 'GET') ensureXsrfCookie(request, reply);
      return;
    }
    if (request.is404 || !isApiPath(request.url, app.config)) return;
    // The SAML assertion consumer is posted by the identity provider's auto-submitting form, which
    // cannot carry the header; the assertion's signature and its one-time InResponseTo protect it.
    if (request.method === 'POST' && request.url.split('?')[0] === samlAcsPath) return;
    const cookie = request.cookies[XSRF_COOKIE];
    const sent = request.headers[header];
    if (!cookie || typeof sent !== 'string' || !XSRF_PATTERN.test(cookie) || !sameToken(cookie, sent)) {
      throw new ApiError(403, RESPONSE_CODE.FORBIDDEN, AUTH_MESSAGES.invalidXsrf);
    }
  });
}
