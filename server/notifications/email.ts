import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

/** One email; idempotencyKey names the message across retries (docs/decisions/0041). */
export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  idempotencyKey: string;
}

export interface EmailSender {
  readonly kind: 'smtp' | 'file';
  /** Resolves once the message was handed over (accepted by the SMTP server, or written); throws otherwise. */
  send(message: EmailMessage): Promise<void>;
  close(): void;
}

/**
 * An email address as a log may show it, `t***@example.com`: enough for an operator to tell two apart, not
 * to write to, as the SMS senders show a mobile number (`****8901`, maskMobile).
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  return at > 0 ? `${address[0]}***${address.slice(at)}` : '***';
}

/**
 * What may be logged and kept (notification_outbox.last_error) of an SMTP send that failed. Never the
 * server's reply nor nodemailer's error: a refusal's reply names the address, and nodemailer's error carries
 * it in its message, `response`, `rejected` and `rejectedErrors`.
 */
export interface SmtpFailure {
  /** nodemailer's code: EENVELOPE (refused at MAIL FROM or RCPT TO), EMESSAGE (at DATA), ESOCKET… */
  code: string | null;
  /** The SMTP reply's code (550, 451…), when the server answered one. */
  responseCode: number | null;
  /** The SMTP command the server refused (RCPT TO, DATA…), or CONN for the connection. */
  command: string | null;
  /** A 5xx reply: the same message sent again is refused again. */
  permanent: boolean;
  /** The recipient, masked. */
  to: string;
}

/** An email the SMTP server did not take; its message and fields are only the failure's safe summary. */
export class EmailDeliveryError extends Error {
  readonly failure: SmtpFailure;

  constructor(failure: SmtpFailure) {
    const { code, responseCode, command, permanent, to } = failure;
    super(
      `SMTP ${code ?? 'error'}${responseCode ? ` ${responseCode}` : ''}${command ? ` at ${command}` : ''}` +
        ` (${permanent ? 'permanent' : 'temporary'}), to ${to}`,
    );
    this.name = 'EmailDeliveryError';
    this.failure = failure;
  }

  /** The recipient's address itself was refused for good (5xx at RCPT TO): no retry can deliver it. */
  get recipientRefused(): boolean {
    return this.failure.permanent && this.failure.command === 'RCPT TO';
  }
}

/** nodemailer's error, reduced to what may be logged (SmtpFailure). */
function smtpFailure(error: unknown, to: string): SmtpFailure {
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown; permanent?: unknown };
  const responseCode = typeof e.responseCode === 'number' ? e.responseCode : null;
  return {
    code: typeof e.code === 'string' ? e.code : null,
    responseCode,
    command: typeof e.command === 'string' ? e.command : null,
    permanent: e.permanent === true || (responseCode !== null && responseCode >= 500 && responseCode < 600),
    to: maskEmail(to),
  };
}

/** The header every email carries its idempotency key in (also the left part of its Message-ID). */
export const IDEMPOTENCY_HEADER = 'X-PTIB-Idempotency-Key';

function domainOf(from: string): string {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'ptib.invalid';
}

/** The mail nodemailer builds: the same Message-ID on every try, so a receiver can tell a retry. */
function mailOf(config: Config, message: EmailMessage): SendMailOptions {
  return {
    from: config.SMTP_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    messageId: `<${message.idempotencyKey}@${domainOf(config.SMTP_FROM)}>`,
    headers: { [IDEMPOTENCY_HEADER]: message.idempotencyKey },
  };
}

/**
 * SMTP through nodemailer, one connection per message: a worker sends a few at a time, and a pooled
 * connection left open by a killed process would only wait for the server's time-out. The time limits stay
 * well inside the outbox lease, so a slow server never lets another process claim the message while this
 * one still sends it.
 */
class SmtpEmailSender implements EmailSender {
  readonly kind = 'smtp';
  readonly #transport: Transporter;
  readonly #config: Config;

  constructor(config: Config) {
    this.#config = config;
    this.#transport = nodemailer.createTransport({
      host: config.SMTP_HOST,
      port: config.SMTP_PORT,
      secure: config.SMTP_SECURE ?? false,
      auth: config.SMTP_USER ? { user: config.SMTP_USER, pass: config.SMTP_PASSWORD } : undefined,
      // With a login, STARTTLS is required rather than used when offered: a server that offers none, or
      // someone between who strips the offer, was otherwise sent the password in clear. A local relay without
      // a login still takes plain SMTP.
      requireTLS: Boolean(config.SMTP_USER) && !config.SMTP_SECURE,
      connectionTimeout: Math.min(20_000, config.NOTIFY_LEASE_MS / 4),
      greetingTimeout: Math.min(20_000, config.NOTIFY_LEASE_MS / 4),
      socketTimeout: Math.min(60_000, config.NOTIFY_LEASE_MS / 2),
    });
  }

  async send(message: EmailMessage): Promise<void> {
    try {
      await this.#transport.sendMail(mailOf(this.#config, message));
    } catch (error) {
      // Not nodemailer's error, nor as a cause: its every field but the codes may name the address.
      throw new EmailDeliveryError(smtpFailure(error, message.to));
    }
  }

  close(): void {
    this.#transport.close();
  }
}

/**
 * The embedded default: each email as an .eml file under DATA_DIR/mail, named in the log, as the embedded
 * SMS sender logs its messages. Never in production (the start refuses it).
 */
class FileEmailSender implements EmailSender {
  readonly kind = 'file';
  readonly #transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  readonly #dir: string;
  readonly #config: Config;
  readonly #log: FastifyBaseLogger;

  constructor(config: Config, log: FastifyBaseLogger) {
    this.#config = config;
    this.#dir = path.resolve(config.DATA_DIR, 'mail');
    this.#log = log;
  }

  async send(message: EmailMessage): Promise<void> {
    const info = await this.#transport.sendMail(mailOf(this.#config, message));
    await mkdir(this.#dir, { recursive: true });
    // The key is a UUID and a channel name: safe as a file name, and a retry overwrites its own file.
    const file = path.join(this.#dir, `${message.idempotencyKey.replace(/[^A-Za-z0-9.-]/g, '_')}.eml`);
    await writeFile(file, info.message as Buffer);
    this.#log.info({ file }, 'email written (embedded sender: SMTP_HOST is not set)');
  }

  close(): void {
    this.#transport.close();
  }
}

export function createEmailSender(config: Config, log: FastifyBaseLogger): EmailSender {
  return config.SMTP_HOST ? new SmtpEmailSender(config) : new FileEmailSender(config, log);
}
