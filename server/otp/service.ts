import { OTP, OTP_MESSAGES, OTP_RESPONSE_CODE } from '../../contract/index.ts';
import type { Database } from '../db/database.ts';
import { ApiError } from '../plugins/errors.ts';
import { codeMatches, generateCode, hashCode } from './codes.ts';
import { SmsDeliveryError, type SmsSender } from './sms.ts';

/** A pending sign-in as the OTP calls see it (from login_challenges, opened by the password step). */
export interface PendingSignIn {
  /** login_challenges.id_hash: what names the sign-in in the database (never the secret itself). */
  challengeHash: string;
  accountId: number;
  loginName: string;
  mobileNum: string | null;
}

export interface SendResult {
  /** When the code stops being good (epoch ms). */
  codeExpiresAt: number;
  /** When another code may be asked for (epoch ms), or null when none may. */
  nextSendAt: number | null;
  sendsLeft: number;
}

interface OtpRow {
  code_hash: string | null;
  code_expires_at: Date | null;
  sends: number;
  last_sent_at: Date | null;
  failed_tries: number;
}

const otpError = (status: number, code: string, message: string) => new ApiError(status, code, message);
export const signInExpired = () => otpError(400, OTP_RESPONSE_CODE.SIGN_IN_EXPIRED, OTP_MESSAGES.signInExpired);
/** The wrong code that used up the last try. */
const LOCKED_NOW = 'incorrect, now locked';
const tooManyTries = () => otpError(429, OTP_RESPONSE_CODE.TOO_MANY_TRIES, OTP_MESSAGES.tooManyTries);

/** An audit entry of this area; never the code, nor any hash of it. */
export type OtpAudit = (
  event: string,
  outcome: 'success' | 'failure',
  detail?: Record<string, unknown>,
) => Promise<void>;

/**
 * The rules of SMS one-time passwords, all state in the database (several processes share it): random
 * codes stored only as an HMAC, good for CODE_TTL_MS, MAX_TRIES wrong codes per sign-in, a cool-down
 * between sends and at most MAX_SENDS sends. Checks are made under a row lock, so two requests at once
 * cannot both spend the same try or the same send.
 */
export class OtpService {
  readonly #db: Database;
  readonly #secret: () => Promise<Buffer>;
  readonly #sender: SmsSender;

  constructor(db: Database, secret: () => Promise<Buffer>, sender: SmsSender) {
    this.#db = db;
    this.#secret = secret;
    this.#sender = sender;
  }

  /** Sends a fresh code (the last one sent stops being good). Throws an ApiError the route answers as is. */
  async send(pending: PendingSignIn, now: Date, audit: OtpAudit): Promise<SendResult> {
    if (!pending.mobileNum) {
      await audit('otp_send', 'failure', { reason: 'no mobile number' });
      throw otpError(503, OTP_RESPONSE_CODE.SMS_FAILED, OTP_MESSAGES.smsFailed);
    }
    const secret = await this.#secret();
    const code = generateCode();
    const codeHash = hashCode(secret, pending.challengeHash, code);
    const codeExpiresAt = new Date(now.getTime() + OTP.CODE_TTL_MS);

    // Claim the send under the row lock; the SMS itself goes out after, so no lock waits on the network.
    const claim = await this.#db.transaction<{ refused: ApiError } | { previous: OtpRow }>(async (tx) => {
      await tx.query('INSERT INTO otp_codes (challenge_hash) VALUES ($1) ON CONFLICT (challenge_hash) DO NOTHING', [
        pending.challengeHash,
      ]);
      const { rows } = await tx.query<OtpRow>('SELECT * FROM otp_codes WHERE challenge_hash = $1 FOR UPDATE', [
        pending.challengeHash,
      ]);
      const row = rows[0]!;
      if (row.failed_tries >= OTP.MAX_TRIES) return { refused: tooManyTries() };
      if (row.sends >= OTP.MAX_SENDS) {
        return { refused: otpError(429, OTP_RESPONSE_CODE.SEND_LIMIT, OTP_MESSAGES.sendLimit) };
      }
      const readyAt = row.last_sent_at ? new Date(row.last_sent_at).getTime() + OTP.RESEND_COOLDOWN_MS : 0;
      if (now.getTime() < readyAt) {
        const seconds = Math.ceil((readyAt - now.getTime()) / 1000);
        return {
          refused: otpError(429, OTP_RESPONSE_CODE.RESEND_TOO_SOON, OTP_MESSAGES.resendTooSoon(seconds)),
        };
      }
      await tx.query(
        `UPDATE otp_codes SET code_hash = $2, code_expires_at = $3, sends = sends + 1, last_sent_at = $4
          WHERE challenge_hash = $1`,
        [pending.challengeHash, codeHash, codeExpiresAt, now],
      );
      return { previous: row };
    });
    if ('refused' in claim) {
      await audit('otp_send', 'failure', { reason: claim.refused.responseCode });
      throw claim.refused;
    }

    try {
      await this.#sender.send({
        to: pending.mobileNum,
        text: OTP_MESSAGES.smsText(code, OTP.CODE_TTL_MS / 60_000),
        code,
      });
    } catch (error) {
      if (!(error instanceof SmsDeliveryError)) throw error;
      // Give the send back (and the code before it, if still good), unless a newer send replaced ours.
      const p = claim.previous;
      await this.#db.query(
        `UPDATE otp_codes SET code_hash = $3, code_expires_at = $4, sends = $5, last_sent_at = $6
          WHERE challenge_hash = $1 AND code_hash = $2`,
        [pending.challengeHash, codeHash, p.code_hash, p.code_expires_at, p.sends, p.last_sent_at],
      );
      await audit('otp_send', 'failure', { reason: error.message, sender: this.#sender.kind });
      throw otpError(503, OTP_RESPONSE_CODE.SMS_FAILED, OTP_MESSAGES.smsFailed);
    }

    const sends = claim.previous.sends + 1;
    await audit('otp_send', 'success', { sender: this.#sender.kind, send: sends });
    return {
      codeExpiresAt: codeExpiresAt.getTime(),
      nextSendAt: sends < OTP.MAX_SENDS ? now.getTime() + OTP.RESEND_COOLDOWN_MS : null,
      sendsLeft: OTP.MAX_SENDS - sends,
    };
  }

  /**
   * Checks a code. Resolves when it is right (the code is used up); throws the ApiError to answer
   * otherwise, having counted a wrong code as a try. onLockout runs once, when the last try is spent.
   */
  async verify(
    pending: PendingSignIn,
    candidate: string,
    now: Date,
    audit: OtpAudit,
    onLockout: () => Promise<void> = async () => {},
  ): Promise<void> {
    const secret = await this.#secret();
    const outcome = await this.#db.transaction(async (tx) => {
      const { rows } = await tx.query<OtpRow>('SELECT * FROM otp_codes WHERE challenge_hash = $1 FOR UPDATE', [
        pending.challengeHash,
      ]);
      const row = rows[0];
      if (row && row.failed_tries >= OTP.MAX_TRIES) return { error: tooManyTries(), reason: 'locked' };
      if (!row?.code_hash || !row.code_expires_at) {
        return { error: otpError(400, OTP_RESPONSE_CODE.NOT_SENT, OTP_MESSAGES.notSent), reason: 'not sent' };
      }
      if (now.getTime() >= new Date(row.code_expires_at).getTime()) {
        return { error: otpError(400, OTP_RESPONSE_CODE.EXPIRED, OTP_MESSAGES.codeExpired), reason: 'expired' };
      }
      if (codeMatches(secret, pending.challengeHash, row.code_hash, candidate)) {
        await tx.query('UPDATE otp_codes SET code_hash = NULL, code_expires_at = NULL WHERE challenge_hash = $1', [
          pending.challengeHash,
        ]);
        return { error: null, reason: 'verified' };
      }
      const tries = row.failed_tries + 1;
      await tx.query('UPDATE otp_codes SET failed_tries = $2 WHERE challenge_hash = $1', [
        pending.challengeHash,
        tries,
      ]);
      if (tries >= OTP.MAX_TRIES) return { error: tooManyTries(), reason: LOCKED_NOW };
      const left = OTP.MAX_TRIES - tries;
      return {
        error: otpError(400, OTP_RESPONSE_CODE.INCORRECT, OTP_MESSAGES.codeIncorrect(left)),
        reason: 'incorrect',
      };
    });
    await audit('otp_verify', outcome.error ? 'failure' : 'success', { reason: outcome.reason });
    if (outcome.reason === LOCKED_NOW) await onLockout();
    if (outcome.error) throw outcome.error;
  }
}
