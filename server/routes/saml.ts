import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  LOGIN_NAME_PATTERN,
  ROUTES,
  SSO_MESSAGES,
  SSO_RESPONSE_CODE,
  loginNameKey,
  ok,
} from '../../contract/index.ts';
import { envelopeSchema, samlAssertionFormSchema, samlInitialResponseSchema } from '../../contract/schemas/index.ts';
import { audit } from '../auth/audit.ts';
import { openSession } from '../auth/login.ts';
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
  replayed: { status: 403, code: SSO_RESPONSE_CODE.REJECTED, message: SSO_MESSAGES.replayed },
  idpRefused: { status: 403, code: SSO_RESPONSE_CODE.REJECTED, message: SSO_MESSAGES.idpRefused },
  rejected: { status: 403, code: SSO_RESPONSE_CODE.REJECTED, message: SSO_MESSAGES.rejected },
};

const MAX_MODEL_CHARS = 500;

/**
 * SAML single sign-on: POST /api/saml/initial answers where to send the browser (the IdP, with an
 * AuthnRequest); POST /api/session is the assertion consumer the IdP's form posts back to. A good
 * assertion opens a session for the account whose login name is the NameID, and the browser goes to
 * #/access-initial with the token. Off (404) unless configured.
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

  r.post(
    API_PATHS.samlInitial,
    { schema: { response: { 200: envelopeSchema(samlInitialResponseSchema) } } },
    async (_request, reply) => {
      const redirectUrl = await configured().authorizeUrl();
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

    let identity;
    try {
      identity = await sso.validate(request.body.SAMLResponse);
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

    const userAgent = request.headers['user-agent'];
    const token = await openSession(app, {
      accountId: Number(account.id),
      profileId: account.profile_id,
      loginName: account.login_name,
      model: (typeof userAgent === 'string' ? userAgent : '').slice(0, MAX_MODEL_CHARS),
      rememberMe: false,
      clientAddress: request.ip,
    });
    // The token rides in the fragment, which browsers never send to a server; the app stores it and
    // takes it out of the address at once.
    return reply
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .redirect(`/#${ROUTES.accessInitial}?auth=${encodeURIComponent(token)}`, 303);
  });
}
