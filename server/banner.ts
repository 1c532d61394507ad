import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import { isSsoConfigured } from './saml/settings.ts';

/**
 * The start banner's lines for the optional parts beside the scanner and the fonts: what each does in this
 * configuration, and plainly OFF where the embedded default stands in. An operator reads at a glance that
 * email only goes to files and codes only to the log, rather than learning it from a user who got nothing.
 * Addresses are named without credentials (the banner is kept in the service manager's log).
 */
export function partLines(config: Config): string[] {
  const email = config.SMTP_HOST
    ? `Email: SMTP at ${config.SMTP_HOST}:${config.SMTP_PORT} (${config.SMTP_SECURE ? 'TLS' : config.SMTP_USER ? 'STARTTLS required' : 'STARTTLS when offered'})`
    : `Email: OFF, no SMTP server configured (SMTP_HOST): each email is written as a file under ${path.resolve(config.DATA_DIR, 'mail')}`;
  const sms = config.SMS_GATEWAY_URL
    ? `SMS: gateway at ${new URL(config.SMS_GATEWAY_URL).origin}`
    : // Production refuses to start without one (loadConfig for a start).
      'SMS: OFF, no gateway configured (SMS_GATEWAY_URL): one-time passwords and notices are written to this log';
  const sso = isSsoConfigured(config)
    ? `Single sign-on: SAML, identity provider ${config.SAML_IDP_ENTITY_ID || config.SAML_IDP_METADATA_FILE}`
    : 'Single sign-on: OFF, not configured (SAML_*): sign-in with a password only';
  return [email, sms, sso];
}

/**
 * Writes the start banner (its first line says where the server runs): as text in a terminal, and anywhere
 * else as one log entry, since stdout is then the JSON log stream a machine reads, and plain lines in it
 * are the ones its parser drops or flags, though they say what is off. At info whatever LOG_LEVEL is, as
 * the text always showed: it is one entry a start.
 */
export function writeBanner(
  lines: readonly string[],
  out: { isTTY?: boolean; write(text: string): unknown },
  log: FastifyBaseLogger,
): void {
  if (out.isTTY) out.write(`\n${lines.join('\n')}\n\n`);
  else log.child({}, { level: 'info' }).info({ banner: lines.slice(1) }, lines[0]);
}
