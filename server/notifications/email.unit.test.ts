import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createEmailSender, maskEmail } from './email.ts';

/** An SMTP server that offers no STARTTLS (or a man in the middle that strips it) and takes any login. */
async function plainSmtpServer() {
  const logins: { username?: string | null; password?: string | null }[] = [];
  const received: string[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: true,
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username, password: auth.password });
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return { port, logins, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

const log = { info() {}, warn() {}, error() {} } as unknown as FastifyBaseLogger;
const message = {
  to: 'someone@example.org',
  subject: 'Hello',
  text: 'Hello',
  html: '<p>Hello</p>',
  idempotencyKey: 'k1',
};
let close = async () => {};
afterEach(() => close());

describe('the SMTP sender', () => {
  it('never sends the SMTP password over a connection without TLS', async () => {
    const smtp = await plainSmtpServer();
    close = smtp.close;
    const sender = createEmailSender(
      loadConfig({
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(smtp.port),
        SMTP_USER: 'ptib',
        SMTP_PASSWORD: 'Smtp-Secret-9',
      }),
      log,
    );
    try {
      // Refused (the outbox keeps the message and retries): better than a password readable on the wire.
      await expect(sender.send(message)).rejects.toThrow();
    } finally {
      sender.close();
    }
    expect(smtp.logins).toEqual([]);
    expect(smtp.received).toEqual([]);
  });

  it('sends through a relay without a login in plain SMTP (a local relay)', async () => {
    const smtp = await plainSmtpServer();
    close = smtp.close;
    const sender = createEmailSender(loadConfig({ SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtp.port) }), log);
    try {
      await sender.send(message);
    } finally {
      sender.close();
    }
    expect(smtp.received).toEqual(['someone@example.org']);
  });
});

describe('an email address in a log', () => {
  it('shows its first character and its domain, enough to tell two apart, not to write to', () => {
    expect(maskEmail('tan.ah.kow@example.com')).toBe('t***@example.com');
    expect(maskEmail('a@b.example')).toBe('a***@b.example');
    // Not an address: nothing of it.
    expect(maskEmail('tan.ah.kow')).toBe('***');
    expect(maskEmail('@example.com')).toBe('***');
  });
});
