import {
  AUTH_MESSAGES,
  LOGIN_THROTTLE,
  OTP,
  OTP_MESSAGES,
  OTP_RESPONSE_CODE,
  maskMobile,
  minutesUntil,
} from '#contract/index.ts';
import { activeLock, clearFailures, lockKey, loginKey, otpKey, recordFailure } from '../auth/throttle.ts';
import type { Database, Queryable } from '../db/database.ts';
import { ApiError } from '../plugins/errors.ts';
import { countSend, uncountSends } from '../security/send-counts.ts';
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
const tooManyTries = () =>
  otpError(429, OTP_RESPONSE_CODE.TOO_MANY_TRIES, OTP_MESSAGES.tooManyTries(LOGIN_THROTTLE.LOCK_MS / 60_000));

/** A refusal thrown inside a transaction, so what the transaction counted is rolled back. */
class Refusal extends Error {
  readonly error: ApiError;
  constructor(error: ApiError) {
    super(error.message);
    this.error = error;
  }
}

/**
 * Refuses both calls while the login name is locked (too many wrong passwords from many addresses, or
 * too many wrong codes): even the right code does not end a lock.
 */
async function refuseWhileLocked(db: Queryable, pending: PendingSignIn, now: Date): Promise<void> {
  const lock = await activeLock(db, [loginKey(pending.loginName)], now);
  if (lock) {
    throw otpError(429, OTP_RESPONSE_CODE.LOCKED, AUTH_MESSAGES.lockedOut(minutesUntil(lock.getTime(), now.getTime())));
  }
}

/**
 * Counts one SMS on a key (a login name or a mobile number) in its hourly window; throws a Refusal once
 * the limit is passed.
 */
async function countSms(tx: Queryable, key: string, limit: number, now: Date): Promise<void> {
  const { sends, reopensAt } = await countSend(tx, key, OTP.SMS_WINDOW_MS, now);
  if (sends > limit) {
    throw new Refusal(
      otpError(
        429,
        OTP_RESPONSE_CODE.SMS_HOURLY_LIMIT,
        OTP_MESSAGES.smsHourlyLimit(minutesUntil(reopensAt.getTime(), now.getTime())),
      ),
    );
  }
}

const smsKeys = (pending: PendingSignIn, mobileNum: string) => [
  loginKey(pending.loginName),
  `mobile:${mobileNum.replace(/\D/g, '')}`,
];

/** An audit entry of this area; never the code, nor any hash of it. */
export type OtpAudit = (
  event: string,
  outcome: 'success' | 'failure',
  detail?: Record<string, unknown>,
) => Promise<void>;

/**
 * The rules of SMS one-time passwords, all state in the database (several processes share it): random
 * codes stored only as an HMAC, good for CODE_TTL_MS; MAX_TRIES wrong codes per login name in a window,
 * over all its sign-ins, then the login name is locked; a cool-down between sends, at most MAX_SENDS
 * sends per sign-in and SMS_PER_LOGIN / SMS_PER_MOBILE an hour (docs/decisions/0028). Checks are made
 * under row locks, so two requests at once cannot both spend the same try or the same send.
 */
export class OtpService {
  readonly #db: Database;
  readonly #secret: () => Promise<Buffer>;
  readonly #sender: SmsSender;
  /** CONTACT_PHONE: whom to call when the number itself is refused. */
  readonly #contactPhone: string;

  constructor(db: Database, secret: () => Promise<Buffer>, sender: SmsSender, contactPhone: string) {
    this.#db = db;
    this.#secret = secret;
    this.#sender = sender;
    this.#contactPhone = contactPhone;
  }

  /** Sends a fresh code (the last one sent stops being good). Throws an ApiError the route answers as is. */
  async send(pending: PendingSignIn, now: Date, audit: OtpAudit): Promise<SendResult> {
    if (!pending.mobileNum) {
      await audit('otp_send', 'failure', { reason: 'no mobile number' });
      throw otpError(503, OTP_RESPONSE_CODE.SMS_FAILED, OTP_MESSAGES.smsFailed);
    }
    await refuseWhileLocked(this.#db, pending, now);
    const mobileNum = pending.mobileNum;
    const secret = await this.#secret();
    const code = generateCode();
    const codeHash = hashCode(secret, pending.challengeHash, code);
    const codeExpiresAt = new Date(now.getTime() + OTP.CODE_TTL_MS);

    // Claim the send under the row lock; the SMS itself goes out after, so no lock waits on the network.
    const claim = await this.#db
      .transaction<{ refused: ApiError } | { previous: OtpRow }>(async (tx) => {
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
        const [loginSmsKey, mobileSmsKey] = smsKeys(pending, mobileNum);
        await countSms(tx, loginSmsKey!, OTP.SMS_PER_LOGIN, now);
        await countSms(tx, mobileSmsKey!, OTP.SMS_PER_MOBILE, now);
        await tx.query(
          `UPDATE otp_codes SET code_hash = $2, code_expires_at = $3, sends = sends + 1, last_sent_at = $4
          WHERE challenge_hash = $1`,
          [pending.challengeHash, codeHash, codeExpiresAt, now],
        );
        return { previous: row };
      })
      .catch((error: unknown) => {
        if (error instanceof Refusal) return { refused: error.error };
        throw error;
      });
    if ('refused' in claim) {
      await audit('otp_send', 'failure', { reason: claim.refused.responseCode });
      throw claim.refused;
    }

    try {
      await this.#sender.send({
        to: mobileNum,
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
      await uncountSends(this.#db, smsKeys(pending, mobileNum));
      await audit('otp_send', 'failure', { reason: error.message, sender: this.#sender.kind });
      // A number refused for good is refused at every try: "try again later" would never come true.
      if (error.numberRefused)
        throw otpError(
          400,
          OTP_RESPONSE_CODE.MOBILE_REFUSED,
          OTP_MESSAGES.mobileRefused(maskMobile(mobileNum), this.#contactPhone),
        );
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
   * otherwise, having counted a wrong code as a try of the login name. The last try locks the login name
   * (as LOGIN_THROTTLE does); onLockout runs once then.
   */
  async verify(
    pending: PendingSignIn,
    candidate: string,
    now: Date,
    audit: OtpAudit,
    onLockout: () => Promise<void> = async () => {},
  ): Promise<void> {
    await refuseWhileLocked(this.#db, pending, now);
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
      // Spend a try of the login name before comparing, on its row in login_throttle: guesses at once,
      // on this sign-in or any other of the same login name, take turns there, and once MAX_TRIES are
      // spent in the window no guess is compared at all.
      const used = await recordFailure(tx, otpKey(pending.loginName), null, now);
      if (used > OTP.MAX_TRIES) return { error: tooManyTries(), reason: 'locked' };
      if (codeMatches(secret, pending.challengeHash, row.code_hash, candidate)) {
        // Used up, and kept apart only to recognise this check sent again (verifiedBefore).
        await tx.query(
          `UPDATE otp_codes SET verified_hash = code_hash, code_hash = NULL, code_expires_at = NULL
            WHERE challenge_hash = $1`,
          [pending.challengeHash],
        );
        await clearFailures(tx, otpKey(pending.loginName));
        return { error: null, reason: 'verified' };
      }
      await tx.query('UPDATE otp_codes SET failed_tries = failed_tries + 1 WHERE challenge_hash = $1', [
        pending.challengeHash,
      ]);
      if (used >= OTP.MAX_TRIES) {
        await lockKey(tx, loginKey(pending.loginName), now);
        return { error: tooManyTries(), reason: LOCKED_NOW };
      }
      const left = OTP.MAX_TRIES - used;
      return {
        error: otpError(400, OTP_RESPONSE_CODE.INCORRECT, OTP_MESSAGES.codeIncorrect(left)),
        reason: 'incorrect',
      };
    });
    await audit('otp_verify', outcome.error ? 'failure' : 'success', { reason: outcome.reason });
    if (outcome.reason === LOCKED_NOW) await onLockout();
    if (outcome.error) throw outcome.error;
  }

  /**
   * Whether `candidate` is the code that completed this sign-in: a check sent again because its answer was
   * lost (docs/decisions/0011, amended). Any other code forgets the one kept, so the short time a repeat is
   * answered in is no time to guess in.
   */
  async verifiedBefore(challengeHash: string, candidate: string): Promise<boolean> {
    const secret = await this.#secret();
    return this.#db.transaction(async (tx) => {
      const { rows } = await tx.query<{ verified_hash: string | null }>(
        'SELECT verified_hash FROM otp_codes WHERE challenge_hash = $1 FOR UPDATE',
        [challengeHash],
      );
      const kept = rows[0]?.verified_hash;
      if (!kept) return false;
      if (codeMatches(secret, challengeHash, kept, candidate)) return true;
      await tx.query('UPDATE otp_codes SET verified_hash = NULL WHERE challenge_hash = $1', [challengeHash]);
      return false;
    });
  }
}
