import cookie from '@fastify/cookie';
import type { KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { AUTH_MESSAGES, FORBIDDEN_CODE, FORBIDDEN_DESC, RESPONSE_CODE, SESSION } from '#contract/index.ts';
import { AUTHORITY_OFFICER, OFFICER_MESSAGES } from '#contract/officer.ts';
import type { ProxyWithdrawn } from '#contract/schemas/envelope.ts';
import { ApiError } from '../plugins/errors.ts';
import { audit, byPrincipal } from './audit.ts';
import { SigningKeys, ensureSigningKey } from './keys.ts';
import type { Principal } from './principal.ts';
import { endSession, endSessionForRetiredToken, loadSession, markTokenUsed, type SessionRecord } from './sessions.ts';
import { VerifiedTokens, verifyToken } from './tokens.ts';
import { registerXsrf } from './xsrf.ts';
import { loadServerSecret } from '../security/server-secret.ts';

/** Why a call has no principal: the guards answer 4200 for 'interrupted', 403 Forbidden for the rest. */
export type SessionProblem = 'missing' | 'invalid' | 'ended' | 'expired' | 'interrupted' | 'proxyWithdrawn';

declare module 'fastify' {
  interface FastifyInstance {
    signingKeys: SigningKeys;
    /** The HMAC key login nonces are signed with (stateless nonces: docs/decisions/0031). */
    loginNonceKey: KeyObject;
    /** Tokens whose signature this process has checked already. */
    verifiedTokens: VerifiedTokens;
    /**
     * preValidation: a live session, else 403 Forbidden (or 4200 when another sign-in ended it). The guards
     * are preValidation hooks, not preHandler ones, so they answer before the route's schema reads the
     * request: a caller the call is not for learns nothing of its shape from a 400. They still run after
     * the payload decryption, so an encrypted call's refusal is sealed like its answers.
     */
    requireSession: preValidationAsyncHookHandler;
    /** preValidation factory: a live session whose account holds this authorization (e.g. SEMS01). */
    requireAuthorization: (code: string) => preValidationAsyncHookHandler;
    /** preValidation factory: a live session whose account holds this authority (role, e.g. PTIB). */
    requireAuthority: (code: string) => preValidationAsyncHookHandler;
    /**
     * preValidation of the calls that leave a withdrawn proxy (the switch): a live session, whether or not it
     * still may act for its acting profile; the handler reads sessionPrincipal().
     */
    requireSessionOrWithdrawnProxy: preValidationAsyncHookHandler;
    /**
     * The caller checked again by the call's own guards, for a call whose body takes long to arrive and be
     * scanned (an upload): a session ended, a grant withdrawn or a profile blocked meanwhile refuses it before
     * anything is kept, as it would any call that started then (docs/decisions/0048).
     */
    checkCallerAgain: (
      request: FastifyRequest,
      reply: FastifyReply,
      guards: readonly preValidationAsyncHookHandler[],
    ) => Promise<void>;
  }
  interface FastifyRequest {
    sessionProblem: SessionProblem | null;
    /**
     * The live session of a call refused with 'proxyWithdrawn' (request.principal is null then, so no
     * route can act for the profile by accident). Only logout and the proxy switch read it.
     */
    withdrawnProxyPrincipal: Principal | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_.-]+)$/;

/**
 * Whether a token of this generation may be used now (docs/decisions/0029): the session's current one, or
 * the one a refresh replaced, for SESSION.ROTATION_GRACE_MS after that refresh (calls already on their way).
 */
function tokenGenerationHolds(session: SessionRecord, generation: number, now: Date): boolean {
  if (generation === session.tokenGeneration) return true;
  return (
    generation === session.tokenGeneration - 1 &&
    session.tokenRotatedAt !== null &&
    now.getTime() < session.tokenRotatedAt.getTime() + SESSION.ROTATION_GRACE_MS
  );
}

/**
 * Ends the session a retired token was used for (past the grace, or for a second refresh), and audits it
 * as 'token_reuse'. The refresh route calls it too.
 */
export async function endForRetiredToken(
  app: FastifyInstance,
  request: FastifyRequest,
  session: Pick<SessionRecord, 'sessionId' | 'accountId' | 'loginName' | 'actingProfileId'>,
  generation: number,
): Promise<void> {
  const now = app.now();
  if (!(await endSessionForRetiredToken(app.db, session.sessionId, generation, now))) return;
  await audit(app.db, {
    event: 'token_reuse',
    outcome: 'failure',
    at: now,
    ...byPrincipal(session, request.ip),
    detail: {
      generation,
      method: request.method,
      path: request.routeOptions.url ?? request.url.split('?')[0],
      endedSession: true,
    },
  });
}

/** Who a live session's call with a token of this generation is. */
export function principalOf(session: SessionRecord, generation: number): Principal {
  return {
    sessionId: session.sessionId,
    accountId: session.accountId,
    loginName: session.loginName,
    ownProfileId: session.ownProfileId,
    actingProfileId: session.actingProfileId,
    tokenGeneration: generation,
    actingProfileBlocked: session.actingProfileBlocked,
    authorities: session.authorities,
    authorizations: session.authorizations,
  };
}

async function resolvePrincipal(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const header = request.headers.authorization;
  if (!header) {
    request.sessionProblem = 'missing';
    return;
  }
  const token = BEARER.exec(header)?.[1];
  const now = app.now();
  const claims = token ? await verifyToken(app.signingKeys, token, now, app.verifiedTokens) : null;
  // Read on every call, never kept in the process, so a change made anywhere counts at once (docs/decisions/0048).
  const session = claims ? await loadSession(app.db, claims.sessionId) : null;
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
  if (!tokenGenerationHolds(session, claims.generation, now)) {
    // An older token than the grace allows: whoever sent it is not the session's holder, or both are.
    if (claims.generation < session.tokenGeneration) await endForRetiredToken(app, request, session, claims.generation);
    request.sessionProblem = claims.generation < session.tokenGeneration ? 'ended' : 'invalid';
    return;
  }
  if (session.accountDisabled) {
    request.sessionProblem = 'ended';
    return;
  }
  // The current token's first use: from now on, the one it replaced can no longer fetch it again.
  if (claims.generation === session.tokenGeneration && !session.tokenUsed) {
    await markTokenUsed(app.db, session.sessionId, claims.generation);
  }
  admit(request, session, claims.generation);
}

/** The call's principal from its live session, or its refusal when the session no longer acts for the profile. */
function admit(request: FastifyRequest, session: SessionRecord, generation: number): void {
  const principal = principalOf(session, generation);
  if (session.proxyWithdrawn) {
    request.withdrawnProxyPrincipal = principal;
    request.sessionProblem = 'proxyWithdrawn';
    return;
  }
  request.principal = principal;
}

/**
 * The caller's session read again, by the id its token named when the call arrived (checkCallerAgain). The
 * token is not judged again: its generation was current then, and the user's own refresh during a long upload
 * must not turn it into a stolen token's (docs/decisions/0029's grace is for calls on their way, not for a
 * body a minute and a half long). What changed the session meanwhile counts: ended, expired, account disabled,
 * profile blocked, grant withdrawn.
 */
async function recheckSession(app: FastifyInstance, request: FastifyRequest): Promise<void> {
  const arrived = sessionPrincipal(request);
  request.principal = null;
  request.withdrawnProxyPrincipal = null;
  if (!arrived) return;
  const now = app.now();
  const session = await loadSession(app.db, arrived.sessionId);
  if (!session) request.sessionProblem = 'invalid';
  else if (session.endedAt) request.sessionProblem = session.endReason === 'interrupted' ? 'interrupted' : 'ended';
  else if (now >= session.expiresAt || now >= session.absoluteExpiresAt) request.sessionProblem = 'expired';
  else if (session.accountDisabled) request.sessionProblem = 'ended';
  else {
    request.sessionProblem = null;
    admit(request, session, arrived.tokenGeneration);
  }
}

/** The caller's live session, also when it acts for a profile whose grant was withdrawn (docs/decisions/0029). */
export function sessionPrincipal(request: FastifyRequest): Principal | null {
  return request.principal ?? request.withdrawnProxyPrincipal;
}

/**
 * Sessions for the whole server: cookies, XSRF, token signing keys, request.principal from the bearer
 * token (checked against the live session in the database on every call), and the guard decorators.
 * Called on the root instance (not encapsulated) so every route module sees the decorators.
 */
export async function registerAuth(app: FastifyInstance, apiBase: string): Promise<void> {
  if (!app.hasRequestDecorator('cookies')) await app.register(cookie);
  await ensureSigningKey(app.db, app.now());
  app.decorate('signingKeys', new SigningKeys(app.db));
  app.decorate('verifiedTokens', new VerifiedTokens());
  app.decorateRequest('principal', null);
  app.decorateRequest('sessionProblem', null);
  app.decorateRequest('withdrawnProxyPrincipal', null);

  await registerXsrf(app, apiBase);
  app.decorate('loginNonceKey', await loadServerSecret(app.db, 'login-nonce-hmac'));
  app.addHook('onRequest', async (request) => {
    await resolvePrincipal(app, request);
  });

  const requireSession: preValidationAsyncHookHandler = async (request) => {
    if (request.principal) return;
    if (request.sessionProblem === 'interrupted') {
      throw new ApiError(403, RESPONSE_CODE.SESSION_INTERRUPTED, AUTH_MESSAGES.sessionInterrupted);
    }
    const withdrawn = request.withdrawnProxyPrincipal;
    if (request.sessionProblem === 'proxyWithdrawn' && withdrawn) {
      await audit(app.db, {
        event: 'authorization_refused',
        outcome: 'failure',
        at: app.now(),
        ...byPrincipal(withdrawn, request.ip),
        detail: {
          needed: 'proxy grant',
          method: request.method,
          path: request.routeOptions.url ?? request.url.split('?')[0],
        },
      });
      // Named for the notice: the web app may hold nothing of the profile by now (a reload, the profile call
      // itself refused).
      const { rows } = await app.db.query<{ ptib_name: string }>('SELECT ptib_name FROM ptib_profiles WHERE id = $1', [
        withdrawn.actingProfileId,
      ]);
      const profile: ProxyWithdrawn = { ptibProfileID: withdrawn.actingProfileId, PTIBName: rows[0]?.ptib_name ?? '' };
      throw new ApiError(
        403,
        RESPONSE_CODE.PROXY_WITHDRAWN,
        AUTH_MESSAGES.proxyWithdrawn(withdrawn.actingProfileId),
        profile,
      );
    }
    throw new ApiError(403, RESPONSE_CODE.FORBIDDEN, FORBIDDEN_DESC);
  };

  const requireSessionOrWithdrawnProxy: preValidationAsyncHookHandler = async (request, reply) => {
    if (request.withdrawnProxyPrincipal) return;
    await requireSession.call(app, request, reply);
  };

  const refuse = async (request: FastifyRequest, responseCode: string, reason: string, needed: string) => {
    await audit(app.db, {
      event: 'authorization_refused',
      outcome: 'failure',
      at: app.now(),
      ...byPrincipal(request.principal, request.ip),
      detail: { needed, method: request.method, path: request.routeOptions.url ?? request.url.split('?')[0] },
    });
    throw new ApiError(403, responseCode, reason);
  };

  const guard =
    (kind: 'authority' | 'authorization') =>
    (code: string): preValidationAsyncHookHandler =>
    async (request, reply) => {
      await requireSession.call(app, request, reply);
      const p = request.principal!;
      if (p.actingProfileBlocked) {
        await refuse(request, RESPONSE_CODE.PROFILE_BLOCKED, AUTH_MESSAGES.profileBlocked, `${kind} ${code}`);
      }
      const held = kind === 'authority' ? p.authorities : p.authorizations;
      // An officer's token on a PTIB call: the back office's own refusal (docs/decisions/0039).
      if (p.authorities.includes(AUTHORITY_OFFICER)) {
        await refuse(request, FORBIDDEN_CODE.MISSING_AUTHORITY, OFFICER_MESSAGES.officerOnPtib, `${kind} ${code}`);
      }
      if (!held.includes(code)) {
        const reason =
          kind === 'authority' ? AUTH_MESSAGES.missingAuthority(code) : AUTH_MESSAGES.missingAuthorization(code);
        await refuse(request, RESPONSE_CODE.FORBIDDEN, reason, `${kind} ${code}`);
      }
    };

  app.decorate('requireSession', requireSession);
  app.decorate('requireSessionOrWithdrawnProxy', requireSessionOrWithdrawnProxy);
  app.decorate('requireAuthorization', guard('authorization'));
  app.decorate('requireAuthority', guard('authority'));
  app.decorate('checkCallerAgain', async (request, reply, guards) => {
    await recheckSession(app, request);
    for (const check of guards) await check.call(app, request, reply);
  });
}
