import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  API_PATHS,
  AUTH_MESSAGES,
  FORBIDDEN_DESC,
  LOGIN_CHALLENGE_TTL_MS,
  LOGIN_NONCE_TTL_MS,
  RESPONSE_CODE,
  formatTokenExpirationDate,
  ok,
} from '#contract/index.ts';
import {
  envelopeSchema,
  loginNonceResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  refreshResponseSchema,
  type UserIdentity,
} from '#contract/schemas/index.ts';
import { AUTHORITY_OFFICER } from '#contract/officer.ts';
import { audit, byPrincipal } from '../auth/audit.ts';
import { signIn } from '../auth/login.ts';
import { endForRetiredToken, principalOf, sessionPrincipal } from '../auth/plugin.ts';
import { identityOf } from '../auth/profiles.ts';
import { issueNonce, randomSecret } from '../auth/nonces.ts';
import { endSession, loadSession, refreshSession } from '../auth/sessions.ts';
import { issueToken } from '../auth/tokens.ts';
import { ensureXsrfCookie } from '../auth/xsrf.ts';
import { ApiError } from '../plugins/errors.ts';
import { deviceCookieOf } from '../notifications/devices.ts';

/** httpOnly cookie binding login nonces to the browser that asked for them. */
export const LOGIN_BINDING_COOKIE = 'PTIB_LOGIN_BINDING';
/** httpOnly cookie naming a sign-in that waits for its one-time password (read by the OTP calls). */
export const LOGIN_CHALLENGE_COOKIE = 'PTIB_LOGIN_CHALLENGE';
const BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** What a logout answer asks the browser to drop: cached responses only (docs/decisions/0004). */
export const LOGOUT_CLEAR_SITE_DATA = '"cache"';

/**
 * The identity the profile call would answer for a new session, so the app need not ask for it before it
 * shows the dashboard (a round trip on a phone, docs/decisions/0058). None when that call would not answer
 * it: an officer's session (refused there), a blocked profile (answered 4100 there); the app then makes the
 * profile call as before and handles its answer.
 */
async function identityAtSignIn(app: FastifyInstance, sessionId: string): Promise<UserIdentity | undefined> {
  const session = await loadSession(app.db, sessionId);
  if (!session) return undefined;
  const principal = principalOf(session, session.tokenGeneration);
  if (principal.authorities.includes(AUTHORITY_OFFICER)) return undefined;
  const found = await identityOf(app.db, principal, app.now());
  return found && !found.blocked ? found.identity : undefined;
}

/** Sign-in and session calls: login nonce, authenticate, refreshJWT, LogoutFromApp. */
export async function authRoutes(app: FastifyInstance, options: { prefix?: string }): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const prefix = options.prefix ?? '';

  r.get(
    API_PATHS.loginNonce,
    { schema: { response: { 200: envelopeSchema(loginNonceResponseSchema) } } },
    async (request, reply) => {
      ensureXsrfCookie(request, reply);
      // Reuse this browser's binding, so two tabs asking for nonces do not void each other's.
      let binding = request.cookies[LOGIN_BINDING_COOKIE];
      if (!binding || !BINDING_PATTERN.test(binding)) {
        binding = randomSecret();
        reply.setCookie(LOGIN_BINDING_COOKIE, binding, {
          path: `${prefix}/api`,
          httpOnly: true,
          sameSite: 'strict',
          secure: 'auto',
        });
      }
      const authenticityToken = issueNonce(app.loginNonceKey, binding, app.now(), LOGIN_NONCE_TTL_MS);
      return ok({ authenticityToken });
    },
  );

  r.post(API_PATHS.authenticate, { schema: { body: loginRequestSchema } }, async (request, reply) => {
    const body = request.body;
    const outcome = await signIn(app, {
      loginName: body.loginName,
      password: body.password,
      model: body.model,
      authenticityToken: body.authenticityToken,
      rememberMe: body.rememberMe,
      binding: request.cookies[LOGIN_BINDING_COOKIE],
      clientAddress: request.ip,
      device: deviceCookieOf(request, reply),
    });
    if (outcome.challenge) {
      reply.setCookie(LOGIN_CHALLENGE_COOKIE, outcome.challenge, {
        path: '/',
        httpOnly: true,
        sameSite: 'strict',
        secure: 'auto',
        maxAge: Math.floor(LOGIN_CHALLENGE_TTL_MS / 1000),
      });
    }
    const identity = outcome.sessionId ? await identityAtSignIn(app, outcome.sessionId) : undefined;
    // The specification's login answer is a text body holding JSON, not the envelope.
    return reply
      .type('text/plain; charset=utf-8')
      .send(JSON.stringify(loginResponseSchema.parse({ ...outcome.response, identity })));
  });

  r.post(
    API_PATHS.refresh,
    {
      preValidation: app.requireSession,
      schema: { response: { 200: envelopeSchema(refreshResponseSchema) } },
    },
    async (request) => {
      const p = request.principal!;
      const now = app.now();
      // A blocked profile (isPTIBBlocked, read from the database on this call) keeps no session going: the
      // 4100 the profile call answers (spec §6), and its session ends as blocking it ends the others
      // (decisions.md §5), rather than refreshing until the absolute limit.
      if (p.actingProfileBlocked) {
        await endSession(app.db, p.sessionId, 'blocked', now);
        await audit(app.db, {
          event: 'refresh',
          outcome: 'failure',
          at: now,
          ...byPrincipal(p, request.ip),
          detail: { reason: 'profile_blocked', endedSession: true },
        });
        throw new ApiError(403, RESPONSE_CODE.PROFILE_BLOCKED, AUTH_MESSAGES.profileBlocked);
      }
      // One statement: the refresh, its liveness and generation checks, the rotation and its audit row; or a
      // lost answer given again (docs/decisions/0060).
      const refreshed = await refreshSession(app.db, p.sessionId, now, p.tokenGeneration, {
        loginName: p.loginName,
        clientAddress: request.ip,
      });
      if (!refreshed) {
        // A token a refresh replaced whose successor has been used, or past the grace: refreshing again means
        // two holders (docs/decisions/0029, 0060).
        await endForRetiredToken(app, request, p, p.tokenGeneration);
        throw new ApiError(403, RESPONSE_CODE.FORBIDDEN, FORBIDDEN_DESC);
      }
      const token = await issueToken(
        app.signingKeys,
        {
          sessionId: p.sessionId,
          accountId: String(p.accountId),
          generation: refreshed.generation,
          officer: p.authorities.includes(AUTHORITY_OFFICER),
        },
        now,
        refreshed.expiresAt,
        app.verifiedTokens,
      );
      return ok({ token, tokenExpirationDate: formatTokenExpirationDate(refreshed.expiresAt) });
    },
  );

  // No session guard: a logout always succeeds, so the app can always clear (spec §7). Clear-Site-Data
  // names only "cache": "storage" and "cookies" would reach other tabs and other services of the domain
  // (docs/decisions/0004, Logout).
  r.post(API_PATHS.logout, { schema: { response: { 200: envelopeSchema(z.null()) } } }, async (request, reply) => {
    reply.header('Clear-Site-Data', LOGOUT_CLEAR_SITE_DATA);
    const p = sessionPrincipal(request);
    if (p) {
      const now = app.now();
      await endSession(app.db, p.sessionId, 'logout', now);
      await audit(app.db, {
        event: 'logout',
        at: now,
        ...byPrincipal(p, request.ip),
      });
    }
    return ok(null, AUTH_MESSAGES.signedOut);
  });
}
