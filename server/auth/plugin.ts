import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { AUTH_MESSAGES, FORBIDDEN_DESC, RESPONSE_CODE } from '../../contract/index.ts';
import { ApiError } from '../plugins/errors.ts';
import { audit } from './audit.ts';
import { SigningKeys, ensureSigningKey } from './keys.ts';
import type { Principal } from './principal.ts';
import { SessionCache } from './session-cache.ts';
import { endSession, loadSession } from './sessions.ts';
import { VerifiedTokens, verifyToken } from './tokens.ts';
import { registerXsrf } from './xsrf.ts';
import { loadServerSecret } from '../security/server-secret.ts';

/** Why a call has no principal: the guards answer 4200 for 'interrupted', 403 Forbidden for the rest. */
export type SessionProblem = 'missing' | 'invalid' | 'ended' | 'expired' | 'interrupted';

declare module 'fastify' {
  interface FastifyInstance {
    signingKeys: SigningKeys;
    /** Sessions loaded by this process, dropped on the database's notifications (docs/decisions/0018). */
    sessionCache: SessionCache;
    /** The HMAC key login nonces are signed with (stateless nonces: docs/decisions/0031). */
    loginNonceKey: Buffer;
    /** Tokens whose signature this process has checked already. */
    verifiedTokens: VerifiedTokens;
    /** preHandler: a live session, else 403 Forbidden (or 4200 when another sign-in ended it). */
    requireSession: preHandlerAsyncHookHandler;
    /** preHandler factory: a live session whose account holds this authorization (e.g. SEMS01). */
    requireAuthorization: (code: string) => preHandlerAsyncHookHandler;
    /** preHandler factory: a live session whose account holds this authority (role, e.g. PTIB). */
    requireAuthority: (code: string) => preHandlerAsyncHookHandler;
  }
  interface FastifyRequest {
    sessionProblem: SessionProblem | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_.-]+)$/;

async function resolvePrincipal(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  if (!header) {
    request.sessionProblem = 'missing';
    return;
  }
  const token = BEARER.exec(header)?.[1];
  const now = app.now();
  const claims = token ? await verifyToken(app.signingKeys, token, now, app.verifiedTokens) : null;
  const session = claims ? await app.sessionCache.get(claims.sessionId, now, (id) => loadSession(app.db, id)) : null;
  if (!claims || !session || String(session.accountId) !== claims.accountId) {
    request.sessionProblem = 'invalid';
    return;
  }
  if (session.endedAt) {
    request.sessionProblem = session.endReason === 'interrupted' ? 'interrupted' : 'ended';
    return;
  }
  if (now >= session.expiresAt || now >= session.absoluteExpiresAt) {
    await endSession(app.db, session.sessionId, 'expired', now);
    request.sessionProblem = 'expired';
    return;
  }
  if (session.accountDisabled) {
    request.sessionProblem = 'ended';
    return;
  }
  const principal: Principal = {
    sessionId: session.sessionId,
    accountId: session.accountId,
    loginName: session.loginName,
    ownProfileId: session.ownProfileId,
    actingProfileId: session.actingProfileId,
    actingProfileBlocked: session.actingProfileBlocked,
    authorities: session.authorities,
    authorizations: session.authorizations,
  };
  request.principal = principal;
}

/**
 * Sessions for the whole server: cookies, XSRF, token signing keys, request.principal from the bearer
 * token (checked against the live session in the database, or this process's copy of it while the
 * database's notifications say it is unchanged), and the guard decorators.
 * Called on the root instance (not encapsulated) so every route module sees the decorators.
 */
export async function registerAuth(app: FastifyInstance, apiBase: string): Promise<void> {
  if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
  await ensureSigningKey(app.db, app.now());
  app.decorate('signingKeys', new SigningKeys(app.db));
  const sessionCache = new SessionCache();
  await sessionCache.attach(app.db);
  app.decorate('sessionCache', sessionCache);
  app.decorate('verifiedTokens', new VerifiedTokens());
  app.addHook('onClose', async () => {
    await sessionCache.detach();
  });
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionProblem', null);

  await registerXsrf(app, apiBase);
  app.decorate('loginNonceKey', await loadServerSecret(app.db, 'login-nonce-hmac'));
  app.addHook('onRequest', async (request) => {
    await resolvePrincipal(app, request);
  });

  const requireSession: preHandlerAsyncHookHandler = async (request) => {
    if (request.principal) return;
    if (request.sessionProblem === 'interrupted') {
      throw new ApiError(403, RESPONSE_CODE.SESSION_INTERRUPTED, AUTH_MESSAGES.sessionInterrupted);
    }
    throw new ApiError(403, RESPONSE_CODE.FORBIDDEN, FORBIDDEN_DESC);
  };

  const refuse = async (request: FastifyRequest, responseCode: string, reason: string, needed: string) => {
    const p = request.principal;
    await audit(app.db, {
      event: 'authorization_refused',
      outcome: 'failure',
      at: app.now(),
      accountId: p?.accountId,
      loginName: p?.loginName,
      actingProfileId: p?.actingProfileId,
      clientAddress: request.ip,
      detail: { needed, method: request.method, path: request.routeOptions.url ?? request.url.split('?')[0] },
    });
    throw new ApiError(403, responseCode, reason);
  };

  const guard =
    (kind: 'authority' | 'authorization') =>
    (code: string): preHandlerAsyncHookHandler =>
    async (request, reply) => {
      await requireSession.call(app, request, reply);
      const p = request.principal!;
      if (p.actingProfileBlocked) {
        await refuse(request, RESPONSE_CODE.PROFILE_BLOCKED, AUTH_MESSAGES.profileBlocked, `${kind} ${code}`);
      }
      const held = kind === 'authority' ? p.authorities : p.authorizations;
      if (!held.includes(code)) {
        const reason =
          kind === 'authority' ? AUTH_MESSAGES.missingAuthority(code) : AUTH_MESSAGES.missingAuthorization(code);
        await refuse(request, RESPONSE_CODE.FORBIDDEN, reason, `${kind} ${code}`);
      }
    };

  app.decorate('requireSession', requireSession);
  app.decorate('requireAuthorization', guard('authorization'));
  app.decorate('requireAuthority', guard('authority'));
}
