import type { FastifyBaseLogger } from 'fastify';
import { maskMobile } from '#contract/index.ts';
import type { Config } from '../config.ts';

/**
 * One SMS: a one-time password, or a notice to the account holder. `code` (a one-time password's) is
 * given apart from the text so a sender can keep it out of logs.
 */
export interface SmsMessage {
  to: string;
  text: string;
  code?: string;
  /**
   * The notification's idempotency key (docs/decisions/0041): the gateway gets it as `reference`, so a
   * message sent again after a crash is recognisably the same one.
   */
  reference?: string;
}

/** Where SMS go: the embedded log sender by default, an HTTP gateway when configured. */
export interface SmsSender {
  readonly kind: 'log' | 'gateway';
  /** Resolves once the message was handed over; throws SmsDeliveryError when it could not be. */
  send(message: SmsMessage): Promise<void>;
}

/**
 * Answers of the gateway that refuse the portal rather than the message (docs/decisions/0100, amended
 * 2026-11-29): its credentials (401, 403, 407) or where and how it calls (404, 405, 415). Every message is
 * refused alike until an operator mends SMS_GATEWAY_*, so they are retried, and logged as errors.
 */
const REFUSES_THE_PORTAL = new Set([401, 403, 404, 405, 407, 415]);
/** The 4xx answers that mean "not now": a time-out, too early, too many. */
const REFUSES_FOR_NOW = new Set([408, 425, 429]);

/** The SMS could not be handed to the gateway (down, refused, timed out). The reason is for the log only. */
export class SmsDeliveryError extends Error {
  /** The gateway's HTTP status, when it answered. */
  readonly status: number | null;

  constructor(message: string, status: number | null = null) {
    super(message);
    this.name = 'SmsDeliveryError';
    this.status = status;
  }

  /**
   * The gateway refused this message for good: any other 4xx. The message is one of the portal's fixed texts,
   * so what it will never take is the number (docs/decisions/0100, amended 2026-11-29).
   */
  get numberRefused(): boolean {
    const { status } = this;
    return (
      status !== null &&
      status >= 400 &&
      status < 500 &&
      !REFUSES_THE_PORTAL.has(status) &&
      !REFUSES_FOR_NOW.has(status)
    );
  }

  /** The gateway refuses the portal's credentials or address: an operator must mend the configuration. */
  get misconfigured(): boolean {
    return this.status !== null && REFUSES_THE_PORTAL.has(this.status);
  }
}

/**
 * The embedded sender: writes the message to the server log. Outside production the log line holds the
 * text with the code (that is how a developer or a test signs in); in production only that a message
 * went to a masked number, so no code ever reaches a production log.
 */
export class LogSmsSender implements SmsSender {
  readonly kind = 'log';
  readonly #log: FastifyBaseLogger;
  readonly #revealCode: boolean;

  constructor(log: FastifyBaseLogger, { production }: { production: boolean }) {
    this.#log = log;
    this.#revealCode = !production;
  }

  async send(message: SmsMessage): Promise<void> {
    const to = maskMobile(message.to);
    // The key is `sms`, not `otp`, which the logger redacts: outside production the code must be readable
    // here (and in production it is not logged at all).
    if (message.code === undefined)
      this.#log.info({ to, sms: message.text, reference: message.reference }, 'SMS notice (embedded sender)');
    else if (this.#revealCode) this.#log.info({ to, sms: message.text }, 'SMS one-time password (embedded sender)');
    else this.#log.info({ to }, 'SMS one-time password sent (embedded sender)');
  }
}

export interface GatewayOptions {
  url: string;
  /** Where a refusal of the portal itself is said, as an error: every SMS fails until it is mended. */
  log?: FastifyBaseLogger;
  user?: string | undefined;
  password?: string | undefined;
  token?: string | undefined;
  timeoutMs: number;
}

/**
 * An HTTP SMS gateway: POST {url} with JSON { to, message }, authenticated by HTTP Basic (user and
 * password) or a bearer token. Any answer but 2xx, a network failure or a time-out is a delivery error;
 * the error tells a number refused for good from a gateway that refuses the portal (SmsDeliveryError).
 */
export class GatewaySmsSender implements SmsSender {
  readonly kind = 'gateway';
  readonly #options: GatewayOptions;

  constructor(options: GatewayOptions) {
    this.#options = options;
  }

  async send(message: SmsMessage): Promise<void> {
    const { url, user, password, token, timeoutMs } = this.#options;
    const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    else if (user) headers.authorization = `Basic ${Buffer.from(`${user}:${password ?? ''}`).toString('base64')}`;
    let response: Response;
    try {
      response = await fetch(url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ to: message.to, message: message.text, reference: message.reference }),
        signal: AbortSignal.timeout(timeoutMs),
        redirect: 'error',
      });
    } catch (error) {
      throw new SmsDeliveryError(`SMS gateway unreachable (${unreachableReason(error)})`);
    }
    // Read the body so the connection is released, but never keep it: a gateway may echo the message.
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return;
    const error = new SmsDeliveryError(`SMS gateway answered HTTP ${response.status}`, response.status);
    if (error.misconfigured)
      this.#options.log?.error(
        { status: response.status },
        'the SMS gateway refuses the portal: check SMS_GATEWAY_URL and its credentials; no SMS goes out until then',
      );
    throw error;
  }
}

/**
 * Why a call got no answer. A failed fetch says only "fetch failed": what failed (the connection refused, no such
 * host, a certificate refused) is its cause's code, which tells an operator a wrong address from an outage.
 */
function unreachableReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  const why = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : '';
  return `${error.name}: ${error.message}${why ? `: ${why}` : ''}`;
}

/** The configured sender: the gateway when SMS_GATEWAY_URL is set, else the embedded log sender. */
export function createSmsSender(config: Config, log: FastifyBaseLogger): SmsSender {
  if (!config.SMS_GATEWAY_URL) {
    const production = config.NODE_ENV === 'production';
    if (production) {
      log.warn(
        'SMS one-time passwords go to the server log without their codes (NODE_ENV=production): set SMS_GATEWAY_URL, or run with NODE_ENV=development to read codes in the log',
      );
    }
    return new LogSmsSender(log, { production });
  }
  return new GatewaySmsSender({
    url: config.SMS_GATEWAY_URL,
    log,
    user: config.SMS_GATEWAY_USER || undefined,
    password: config.SMS_GATEWAY_PASSWORD || undefined,
    token: config.SMS_GATEWAY_TOKEN || undefined,
    timeoutMs: config.SMS_GATEWAY_TIMEOUT_MS,
  });
}
