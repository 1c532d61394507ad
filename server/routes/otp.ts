import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { API_PATHS, OTP_MESSAGES, maskMobile, ok, secondsUntil } from '#contract/index.ts';
import {
  envelopeSchema,
  loginResponseSchema,
  sendOtpRequestSchema,
  sendOtpResponseSchema,
  verifyOtpRequestSchema,
} from '#contract/schemas/index.ts';
import { audit } from '../auth/audit.ts';
import { completeLoginChallenge, completedSignInAgain, findLoginChallenge } from '../auth/login.ts';
import { sha256 } from '../auth/nonces.ts';
import { noticeLoginLock } from '../auth/lock-notice.ts';
import { deviceCookieOf } from '../notifications/devices.ts';
import { OtpService, signInExpired, type OtpAudit, type PendingSignIn } from '../otp/service.ts';
import { loadOtpSecret } from '../otp/secret.ts';
import { LOGIN_CHALLENGE_COOKIE } from './auth.ts';

export interface OtpRoutesOptions {
  prefix?: string;
}

/**
 * POST /otp/sendOtpSms and POST /otp/verifyOtp: the second step of a sign-in whose account needs an SMS
 * one-time password. The pending sign-in is the one the password step named in its httpOnly cookie.
 */
export async function otpRoutes(app: FastifyInstance, _options: OtpRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  let secret: Promise<Buffer> | null = null;
  const loadSecret = () => {
    secret ??= loadOtpSecret(app.db, app.config.OTP_SECRET || undefined).catch((error: unknown) => {
      secret = null;
      throw error;
    });
    return secret;
  };
  const service = new OtpService(app.db, loadSecret, app.smsSender, app.config.CONTACT_PHONE);

  /** The pending sign-in the request's cookie names, while it is open. */
  const pendingOf = async (request: FastifyRequest): Promise<{ challenge: string; pending: PendingSignIn } | null> => {
    const challenge = request.cookies[LOGIN_CHALLENGE_COOKIE];
    const found = challenge ? await findLoginChallenge(app, challenge) : null;
    if (!challenge || !found) return null;
    return {
      challenge,
      pending: {
        challengeHash: sha256(challenge),
        accountId: found.accountId,
        loginName: found.loginName,
        mobileNum: found.mobileNum,
      },
    };
  };
  const pendingFor = async (request: FastifyRequest) => {
    const open = await pendingOf(request);
    if (!open) throw signInExpired();
    return open;
  };

  const auditFor =
    (request: FastifyRequest, pending: PendingSignIn): OtpAudit =>
    async (event, outcome, detail) => {
      // A code the gateway did not take (the failure that names its sender) is the system's, not the person's:
      // logged with the request's id, or the operator would see only 503s (the audit trail is not the log).
      if (event === 'otp_send' && outcome === 'failure' && detail?.sender)
        request.log.warn({ reason: detail.reason, sender: detail.sender }, 'one-time password not sent');
      return audit(app.db, {
        event,
        outcome,
        at: app.now(),
        accountId: pending.accountId,
        loginName: pending.loginName,
        clientAddress: request.ip,
        detail,
      });
    };

  r.post(
    API_PATHS.sendOtpSms,
    { schema: { body: sendOtpRequestSchema, response: { 200: envelopeSchema(sendOtpResponseSchema) } } },
    async (request, reply) => {
      const { pending } = await pendingFor(request);
      const now = app.now();
      const sent = await service.send(pending, now, auditFor(request, pending));
      reply.header('Cache-Control', 'no-store');
      return ok(
        {
          maskedMobile: maskMobile(pending.mobileNum ?? ''),
          expiresInSeconds: secondsUntil(sent.codeExpiresAt, now.getTime()),
          resendInSeconds: sent.nextSendAt === null ? null : secondsUntil(sent.nextSendAt, now.getTime()),
          sendsLeft: sent.sendsLeft,
        },
        OTP_MESSAGES.codeSent,
      );
    },
  );

  /** The same answer as the password step's (spec §7): a text body holding JSON with the token. */
  const signedIn = (reply: FastifyReply, token: string) => {
    reply.clearCookie(LOGIN_CHALLENGE_COOKIE, { path: '/' });
    reply.header('Cache-Control', 'no-store');
    return reply.type('text/plain; charset=utf-8').send(JSON.stringify(loginResponseSchema.parse({ token })));
  };

  r.post(API_PATHS.verifyOtp, { schema: { body: verifyOtpRequestSchema } }, async (request, reply) => {
    const open = await pendingOf(request);
    if (!open) {
      // Perhaps the check that completed this sign-in, sent again: its answer was lost (docs/decisions/0011).
      const cookie = request.cookies[LOGIN_CHALLENGE_COOKIE];
      const again =
        cookie && (await completedSignInAgain(app, cookie, (hash) => service.verifiedBefore(hash, request.body.otp)));
      if (!again) throw signInExpired();
      await audit(app.db, {
        event: 'otp_verify',
        outcome: 'success',
        at: app.now(),
        accountId: again.accountId,
        loginName: again.loginName,
        clientAddress: request.ip,
        detail: { reason: 'verified', replayed: true },
      });
      return signedIn(reply, again.token);
    }
    const { challenge, pending } = open;
    const now = app.now();
    // The last wrong code locks the login name everywhere (password sign-in too); its holder hears of it.
    await service.verify(pending, request.body.otp, now, auditFor(request, pending), () =>
      noticeLoginLock(
        app,
        {
          loginName: pending.loginName,
          accountId: pending.accountId,
          mobileNum: pending.mobileNum,
          clientAddress: request.ip,
        },
        now,
      ),
    );
    const token = await completeLoginChallenge(app, challenge, request.ip, deviceCookieOf(request, reply));
    if (!token) throw signInExpired();
    return signedIn(reply, token);
  });
}
