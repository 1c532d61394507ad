import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  LOGIN_NAME_PATTERN,
  ROUTES,
  SSO,
  SSO_MESSAGES,
  SSO_RESPONSE_CODE,
  loginNameKey,
  ok,
} from '#contract/index.ts';
import {
  envelopeSchema,
  handoverExchangeResponseSchema,
  handoverPeekResponseSchema,
  handoverRequestSchema,
  samlAssertionFormSchema,
  samlInitialResponseSchema,
} from '#contract/schemas/index.ts';
import { audit, byPrincipal } from '../auth/audit.ts';
import { createHandover, peekHandover, redeemHandover } from '../auth/handover.ts';
import { openSession } from '../auth/login.ts';
import { deviceCookieOf } from '../notifications/devices.ts';
import { randomSecret, sha256 } from '../auth/nonces.ts';
import { endSession } from '../auth/sessions.ts';
import { LOGIN_NAME_MATCHES } from '../db/login-name.ts';
import { ApiError } from '../plugins/errors.ts';
import type { SamlRejection } from '../saml/service.ts';
import type { SamlSettings } from '../saml/settings.ts';

const REJECTION: Record<SamlRejection, { status: number; code: string; message: string }> = {
  malformed: { status: 400, code: SSO_RESPONSE_CODE.MALFORMED, message: SSO_MESSAGES.malformed },
  badSignature: { status: 403, code: SSO_RESPONSE_CODE.REJECTED, message: SSO_MESSAGES.badSignature },
  wrongAudience: { status: 403, code: SSO_RESPONSE_CODE.REJECTED, message: SSO_MESSAGES.wrongAudience },
  expired: { status: 403, code: SSO_RESPONSE_CODE.REJECTED, message: SSO_MESSAGES.expired },
  unsolicited: { status: 403, code: SSO_RESPONSE_CODE.REJECTED, message: SSO_MESSAGES.unsolicited },
  otherBrowser: { status: 403, code: SSO_RESPONSE_CODE.REJECTED, message: SSO_MESSAGES.otherBrowser },
  replayed: { status: 403, code: SSO_RESPONSE_CODE.REJECTED, message: SSO_MESSAGES.replayed },
  idpRefused: { status: 403, code: SSO_RESPONSE_CODE.REJECTED, message: SSO_MESSAGES.idpRefused },
  rejected: { status: 403, code: SSO_RESPONSE_CODE.REJECTED, message: SSO_MESSAGES.rejected },
};

const MAX_MODEL_CHARS = 500;

/**
 * httpOnly cookie holding the secret that binds a sign-in to the browser that started it
 * (docs/decisions/0030): the AuthnRequest id and the hand-over code are stored with its hash.
 */
export const SSO_BINDING_COOKIE = 'PTIB_SSO_BINDING';
const BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * SAML single sign-on: POST /api/saml/initial answers where to send the browser (the IdP, with an
 * AuthnRequest); POST /api/session is the assertion consumer the IdP's form posts back to. A good
 * assertion, answering a request this browser started, leaves a one-time hand-over code for the account
 * whose login name is the NameID, and the browser goes to #/access-initial with it; the app asks
 * POST /api/session/handover whom it is for and POST /api/session/exchange turns it into a session.
 * Sign-in off (404) unless configured; the hand-over calls answer everywhere.
 */
export async function samlRoutes(
  app: FastifyInstance,
  options: { prefix?: string; settings: SamlSettings | null },
): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // node-saml and its XML libraries load only when SSO is configured: they would add to every start.
  const saml = options.settings ? await import('../saml/service.ts') : null;
  const service = saml && options.settings ? new saml.SamlService(options.settings, app.db, () => app.now()) : null;
  const configured = () => {
    if (!service) throw new ApiError(404, SSO_RESPONSE_CODE.NOT_CONFIGURED, SSO_MESSAGES.notConfigured);
    return service;
  };

  // The IdP's auto-posting form sends application/x-www-form-urlencoded; only this plugin reads it.
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
  }

  const prefix = options.prefix ?? '';
  const bindingOf = (request: FastifyRequest): string | undefined => {
    const value = request.cookies[SSO_BINDING_COOKIE];
    return value && BINDING_PATTERN.test(value) ? value : undefined;
  };
  // The identity provider's form posts from another site, and only SameSite=None cookies go with a
  // cross-site POST; browsers take those only with Secure. An http assertion consumer (development and
  // tests on 127.0.0.1, where the IdP is same-site) gets Lax instead (docs/decisions/0030).
  const secure = !!options.settings && new URL(options.settings.acsUrl).protocol === 'https:';
  const bindingCookie = {
    // The assertion consumer and the hand-over calls, nothing else.
    path: `${prefix}${API_PATHS.session}`,
    httpOnly: true,
    secure,
    sameSite: secure ? ('none' as const) : ('lax' as const),
    maxAge: Math.floor(SSO.REQUEST_TTL_MS / 1000),
  };

  r.post(
    API_PATHS.samlInitial,
    { schema: { response: { 200: envelopeSchema(samlInitialResponseSchema) } } },
    async (request, reply) => {
      const sso = configured();
      // Kept when the browser has one, so two tabs signing in at once do not void each other's request.
      const binding = bindingOf(request) ?? randomSecret();
      const redirectUrl = await sso.authorizeUrl(sha256(binding));
      reply.setCookie(SSO_BINDING_COOKIE, binding, bindingCookie);
      reply.header('Cache-Control', 'no-store');
      return ok({ redirectUrl });
    },
  );

  r.post(API_PATHS.session, { schema: { body: samlAssertionFormSchema } }, async (request, reply) => {
    const sso = configured();
    const now = app.now();
    const refuse = async (kind: SamlRejection | 'unknownUser', detail: string, nameId?: string) => {
      request.log.warn({ reason: kind, detail }, 'SAML sign-in refused');
      await audit(app.db, {
        event: 'sso_sign_in',
        outcome: 'failure',
        at: now,
        loginName: nameId ?? null,
        clientAddress: request.ip,
        detail: { reason: kind },
      });
      if (kind === 'unknownUser') {
        return new ApiError(403, SSO_RESPONSE_CODE.UNKNOWN_USER, SSO_MESSAGES.unknownUser);
      }
      const { status, code, message } = REJECTION[kind];
      return new ApiError(status, code, message);
    };

    const binding = bindingOf(request);
    let identity;
    try {
      identity = await sso.validate(request.body.SAMLResponse, binding ? sha256(binding) : null);
    } catch (error) {
      if (saml && error instanceof saml.SamlError) throw await refuse(error.kind, error.message);
      throw error;
    }

    // The same normal form as a password sign-in's (docs/decisions/0028): a NameID outside it names
    // no account.
    const { rows } = LOGIN_NAME_PATTERN.test(identity.nameId.trim())
      ? await app.db.query<{ id: number | string; login_name: string; profile_id: string }>(
          `SELECT id, login_name, profile_id FROM accounts WHERE ${LOGIN_NAME_MATCHES('login_name')} AND NOT disabled`,
          [loginNameKey(identity.nameId)],
        )
      : { rows: [] };
    const account = rows[0];
    if (!account) throw await refuse('unknownUser', 'no account for the NameID', identity.nameId);

    // validate found this browser's request, so it has a binding; the check keeps that true by itself.
    if (!binding) throw await refuse('unsolicited', 'no browser binding', identity.nameId);
    const code = await createHandover(app.db, Number(account.id), binding, now);
    // The code rides in the fragment, which browsers never send to a server; the app takes it out of the
    // address at once. It is not a session: the app exchanges it, once, within a minute, in this browser.
    return reply
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .redirect(`/#${ROUTES.accessInitial}?auth=${encodeURIComponent(code)}`, 303);
  });

  const handoverRefused = () => new ApiError(403, SSO_RESPONSE_CODE.REJECTED, SSO_MESSAGES.handoverInvalid);

  r.post(
    API_PATHS.sessionHandover,
    {
      schema: { body: handoverRequestSchema, response: { 200: envelopeSchema(handoverPeekResponseSchema) } },
    },
    async (request, reply) => {
      const account = await peekHandover(app.db, request.body.code, bindingOf(request), app.now());
      if (!account) throw handoverRefused();
      reply.header('Cache-Control', 'no-store');
      return ok({ loginName: account.loginName, name: account.name });
    },
  );

  r.post(
    API_PATHS.sessionExchange,
    {
      schema: { body: handoverRequestSchema, response: { 200: envelopeSchema(handoverExchangeResponseSchema) } },
    },
    async (request, reply) => {
      const account = await redeemHandover(app.db, request.body.code, bindingOf(request), app.now());
      if (!account) {
        await audit(app.db, {
          event: 'sso_sign_in',
          outcome: 'failure',
          at: app.now(),
          loginName: null,
          clientAddress: request.ip,
          detail: { reason: 'handover' },
        });
        throw handoverRefused();
      }
      // The user chose to replace whoever was signed in here: that session ends now, not when it idles
      // out unseen (the same account's own older session is ended by openSession as ever).
      const replaced = request.principal;
      if (replaced && replaced.accountId !== account.accountId) {
        const now = app.now();
        await endSession(app.db, replaced.sessionId, 'logout', now);
        await audit(app.db, {
          event: 'logout',
          at: now,
          ...byPrincipal(replaced, request.ip),
        });
      }
      const userAgent = request.headers['user-agent'];
      const { token } = await openSession(app, {
        accountId: account.accountId,
        profileId: account.profileId,
        loginName: account.loginName,
        model: (typeof userAgent === 'string' ? userAgent : '').slice(0, MAX_MODEL_CHARS),
        rememberMe: false,
        clientAddress: request.ip,
        device: deviceCookieOf(request, reply),
      });
      reply.header('Cache-Control', 'no-store');
      return ok({ token });
    },
  );
}
