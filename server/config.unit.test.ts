import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse as pgParse } from 'pg-connection-string';
import { DEFAULT_DOCUMENT_LIMITS, UPLOAD_ANSWER_MS } from '#contract/documents.ts';
import {
  ConfigError,
  DATABASE_URL_UNREADABLE,
  SMS_GATEWAY_PLAIN_HTTP_REFUSAL,
  SMS_GATEWAY_REFUSAL,
  SMTP_HOST_REFUSAL,
  TRUST_PROXY_REFUSAL,
  loadConfig,
} from './config.ts';

/** The one line loadConfig refuses these variables with. */
function refusalOf(env: Record<string, string | undefined>, options: { start?: boolean } = {}): string {
  let error: unknown;
  try {
    loadConfig(env, options);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ConfigError);
  return (error as Error).message;
}

describe('configuration', () => {
  it('has working defaults', () => {
    const c = loadConfig({});
    expect(c.NODE_ENV).toBe('development');
    expect(c.HOST).toBe('127.0.0.1');
    expect(c.PORT).toBe(8080);
    expect(c.DATA_DIR).toBe('./data');
    expect(c.API_BASE).toBe('/');
    expect(c.PROCESS_ENGINE_BASE).toBe('/process-engine');
    expect(c.SESSION_MAX_HOURS).toBe(12);
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.PUBLIC_URL).toBeUndefined();
  });

  it('takes a number variable left empty as unset: its default, never 0', () => {
    const c = loadConfig({
      PORT: '',
      CLAMD_PORT: ' ',
      SMTP_PORT: '',
      SESSION_MAX_HOURS: '',
      REQUEST_TIMEOUT_MS: '',
      HEADERS_TIMEOUT_MS: '',
      MAX_CONNECTIONS: '',
      SMS_GATEWAY_TIMEOUT_MS: '',
      CLAMD_TIMEOUT_MS: '',
      NOTIFY_POLL_MS: '',
      NOTIFY_LEASE_MS: '',
    });
    expect(c).toMatchObject({
      PORT: 8080,
      CLAMD_PORT: 3310,
      SMTP_PORT: 587,
      SESSION_MAX_HOURS: 12,
      REQUEST_TIMEOUT_MS: 90_000,
      HEADERS_TIMEOUT_MS: 10_000,
      MAX_CONNECTIONS: 2_048,
      SMS_GATEWAY_TIMEOUT_MS: 5_000,
      CLAMD_TIMEOUT_MS: 30_000,
      NOTIFY_POLL_MS: 2_000,
      NOTIFY_LEASE_MS: 300_000,
    });
  });

  it('lets an upload arrive on a slow line, and answers it before the web app stops waiting', () => {
    const c = loadConfig({});
    // A file at the default limit on a line of 1 Mbit/s.
    expect(c.REQUEST_TIMEOUT_MS).toBeGreaterThanOrEqual((DEFAULT_DOCUMENT_LIMITS.maxBytes * 8) / 1_000);
    expect(c.REQUEST_TIMEOUT_MS + c.CLAMD_TIMEOUT_MS).toBeLessThanOrEqual(UPLOAD_ANSWER_MS);
  });

  it('has the nginx template wait longer than an upload’s scan for the app’s answer', () => {
    // nginx has the whole body before it passes it on; then the app may scan for CLAMD_TIMEOUT_MS.
    const template = readFileSync(new URL('../deploy/nginx.conf.template', import.meta.url), 'utf8');
    const seconds = Number(/proxy_read_timeout (\d+)s;/.exec(template)?.[1]);
    expect(seconds * 1_000).toBeGreaterThan(loadConfig({}).CLAMD_TIMEOUT_MS);
  });

  it('takes PUBLIC_URL without its trailing slash', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://eservices.example.sg/' }).PUBLIC_URL).toBe('https://eservices.example.sg');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT="abc" must be a whole number'],
    [{ PORT: '70000' }, 'PORT="70000" must be 0–65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ SESSION_MAX_HOURS: '-1' }, 'SESSION_MAX_HOURS'],
    [{ NODE_ENV: 'staging' }, 'NODE_ENV'],
    [{ PUBLIC_URL: 'ftp://eservices.example.sg' }, 'PUBLIC_URL="ftp://eservices.example.sg" must be an absolute'],
    [{ PUBLIC_URL: 'eservices.example.sg' }, 'PUBLIC_URL'],
    [{ PUBLIC_URL: 'https://eservices.example.sg/?x=1' }, 'PUBLIC_URL'],
    [{ REQUEST_TIMEOUT_MS: '5000', HEADERS_TIMEOUT_MS: '6000' }, 'HEADERS_TIMEOUT_MS="6000" must not exceed'],
    [{ MAX_CONNECTIONS: '0' }, 'MAX_CONNECTIONS="0" must be 1–1000000'],
    [
      { NODE_ENV: 'production', PAYNOW_UEN: '201403121W', SEED_DEMO: '1' },
      'SEED_DEMO="1" must not be set with NODE_ENV=production',
    ],
    [{ NODE_ENV: 'production' }, 'PAYNOW_UEN="" must be set with NODE_ENV=production'],
    [{ PAYNOW_UEN: '201403121X' }, 'PAYNOW_UEN="201403121X" must be a UEN'],
    [{ SMTP_HOST: 'smtp.example.sg', SMTP_USER: 'ptib' }, 'SMTP_USER="ptib" must not be set without SMTP_PASSWORD'],
    [{ SMTP_PASSWORD: 'Smtp-Secret-9' }, 'SMTP_PASSWORD (value not shown) must not be set without SMTP_USER'],
    [{ CONTACT_PHONE: '' }, 'CONTACT_PHONE="" must not be empty'],
    [{ SMS_GATEWAY_USER: 'ptib' }, 'SMS_GATEWAY_USER="ptib" must not be set without SMS_GATEWAY_PASSWORD'],
    [
      { SMS_GATEWAY_PASSWORD: 'Pa55-word' },
      'SMS_GATEWAY_PASSWORD (value not shown) must not be set without SMS_GATEWAY_USER',
    ],
  ])('refuses %j with one clear line', (env, text) => {
    const message = refusalOf(env);
    expect(message).toContain(text);
    expect(message).not.toContain('\n');
  });

  it.each([
    [{ OTP_SECRET: 'short-Secret-1' }, 'OTP_SECRET (value not shown) must be at least 32 characters', 'short-Secret-1'],
    [
      { DATABASE_URL: 'mysql://ptib:S3cret-pw@db:3306/ptib' },
      'DATABASE_URL="mysql://…@db:3306/ptib" must start with postgres://',
      'S3cret-pw',
    ],
    [
      { SMS_GATEWAY_URL: 'gateway.example.sg/send?token=T0ken-42' },
      'SMS_GATEWAY_URL="gateway.example.sg/send?…"',
      'T0ken-42',
    ],
    [{ SMS_GATEWAY_URL: 'https://user:Pa55-word@/send' }, 'SMS_GATEWAY_URL="https://…@/send"', 'Pa55-word'],
    // A password pasted as it is, not percent-encoded: its '/', '#' or '?' is what made the address invalid.
    [
      { DATABASE_URL: 'postgress://ptib:S3c/ret-pw@db.internal/ptib' },
      'DATABASE_URL="postgress://…@db.internal/ptib" must start with postgres://',
      'ret-pw',
    ],
    [{ DATABASE_URL: 'mysql://ptib:S3c#ret-pw@db/ptib' }, 'DATABASE_URL="mysql://…@db/ptib"', 'S3c'],
    [{ SMS_GATEWAY_URL: 'https://sms:Pa?55@gateway.example.sg/send' }, 'SMS_GATEWAY_URL="https://…@gateway', 'sms:Pa'],
    [{ SMS_GATEWAY_URL: 'https://sms:Pa/55@gateway.example.sg/send' }, 'SMS_GATEWAY_URL="https://…@gateway', 'Pa/55'],
    // No scheme at all: the user and password before the host are still left out.
    [{ DATABASE_URL: 'ptib:S3cret-pw@db/ptib' }, 'DATABASE_URL="…@db/ptib"', 'S3cret-pw'],
  ])('names %j without printing the secret it holds', (env, text, secret) => {
    const message = refusalOf(env);
    expect(message).toContain(text);
    expect(message).not.toContain(secret);
  });
});

/**
 * Addresses pg refuses at the first query with only "Invalid URL" or "URI malformed" (a password pasted without
 * percent-encoding, a port out of range), and ones it reads: the configuration agrees with the driver.
 */
const UNREADABLE_DATABASE_URLS = [
  'postgres://ptib:S3c/ret@db.internal/ptib',
  'postgres://ptib:S3c?ret@db.internal/ptib',
  'postgresql://ptib:S3c#ret@db.internal/ptib',
  'postgres://ptib:S3c%C3@db.internal/ptib',
  'postgres://ptib@db.internal:99999/ptib',
];
const READABLE_DATABASE_URLS = [
  'postgres://ptib:S3c%2Fret@db.internal:5432/ptib',
  'postgres://ptib:S3c@ret@db.internal/ptib',
  'postgres://ptib:S3c%zzret@db.internal/ptib',
  'postgres://ptib:S3c ret@db.internal/ptib',
  'postgres:///ptib',
  'postgres://ptib@/ptib?host=/var/run/postgresql',
  'postgresql://[::1]:5432/ptib?sslmode=require',
];

describe('DATABASE_URL', () => {
  it.each(UNREADABLE_DATABASE_URLS)('refuses %s in one line that says to percent-encode the password', (url) => {
    expect(() => pgParse(url)).toThrow();
    const message = refusalOf({ DATABASE_URL: url });
    expect(message).toBe(
      `Invalid configuration: DATABASE_URL="${url.replace(/\/\/.*@/, '//…@')}" ${DATABASE_URL_UNREADABLE}`,
    );
    expect(message).toContain('percent-encode the user name and password');
    expect(message).not.toContain('S3c');
  });

  it.each(READABLE_DATABASE_URLS)('takes %s, which the driver reads', (url) => {
    expect(() => pgParse(url)).not.toThrow();
    expect(loadConfig({ DATABASE_URL: url }).DATABASE_URL).toBe(url);
  });

  it('says only that another scheme must be postgres://, once', () => {
    expect(refusalOf({ DATABASE_URL: 'mysql://ptib:S3c/ret@db/ptib' })).toBe(
      'Invalid configuration: DATABASE_URL="mysql://…@db/ptib" must start with postgres:// or postgresql://',
    );
  });
});

it('refuses an SMS gateway address whose credentials make it unreadable, saying where they go', () => {
  // Read first as an address, it was only "must be an absolute URL": nothing said the password was the fault.
  expect(refusalOf({ SMS_GATEWAY_URL: 'https://sms:Pa/55@gateway.example.sg/send' })).toBe(
    'Invalid configuration: SMS_GATEWAY_URL="https://…@gateway.example.sg/send" must not hold credentials: set SMS_GATEWAY_USER and SMS_GATEWAY_PASSWORD, or SMS_GATEWAY_TOKEN',
  );
  // An '@' in a readable query is no credential.
  expect(loadConfig({ SMS_GATEWAY_URL: 'https://gateway.example.sg/send?from=ptib@gov.sg' }).SMS_GATEWAY_URL).toBe(
    'https://gateway.example.sg/send?from=ptib@gov.sg',
  );
});

it('refuses an SMS gateway address that holds credentials, which no request could be sent to', () => {
  // fetch refuses such an address, and its error named it, password included, in the log and the outbox.
  expect(() => loadConfig({ SMS_GATEWAY_URL: 'https://sms:Pa55-word@gateway.example.sg/send' })).toThrow(
    'SMS_GATEWAY_URL="https://…@gateway.example.sg/send" must not hold credentials: set SMS_GATEWAY_USER and SMS_GATEWAY_PASSWORD, or SMS_GATEWAY_TOKEN',
  );
});

describe('a production start', () => {
  const production = {
    NODE_ENV: 'production',
    PAYNOW_UEN: '201403121W',
    SMTP_HOST: 'mail.example.sg',
    SMS_GATEWAY_URL: 'https://sms.example.sg/send',
    TRUST_PROXY: '1',
  };

  it('goes ahead with what it needs', () => {
    expect(loadConfig(production, { start: true }).NODE_ENV).toBe('production');
    expect(
      loadConfig(
        { ...production, SMS_GATEWAY_URL: 'http://127.0.0.1:9000/send', SMS_GATEWAY_TOKEN: 'T0ken-42' },
        { start: true },
      ).SMS_GATEWAY_TOKEN,
    ).toBe('T0ken-42');
  });

  it('refuses to start without an SMS gateway: no one-time password would reach anyone', () => {
    const { SMS_GATEWAY_URL: _gateway, ...withoutGateway } = production;
    expect(refusalOf(withoutGateway, { start: true })).toBe(
      `Invalid configuration: SMS_GATEWAY_URL="" ${SMS_GATEWAY_REFUSAL}`,
    );
    // Tests and tools build a production-like app without one.
    expect(loadConfig(withoutGateway).SMS_GATEWAY_URL).toBeUndefined();
  });

  it('says every refusal of one start in its one line, not one round of them per start', () => {
    // PAYNOW_UEN was said first, and SMTP_HOST, TRUST_PROXY and SMS_GATEWAY_URL only at the next start.
    expect(refusalOf({ NODE_ENV: 'production' }, { start: true })).toBe(
      'Invalid configuration: PAYNOW_UEN="" must be set with NODE_ENV=production (bills would otherwise be paid to a made-up UEN); ' +
        `SMTP_HOST="" ${SMTP_HOST_REFUSAL}; TRUST_PROXY="" ${TRUST_PROXY_REFUSAL}; SMS_GATEWAY_URL="" ${SMS_GATEWAY_REFUSAL}`,
    );
    // A bad value kept the variables from being checked together.
    expect(refusalOf({ ...production, PORT: 'x', SMTP_HOST: '', SMTP_USER: 'ptib' }, { start: true })).toBe(
      'Invalid configuration: PORT="x" must be a whole number; SMTP_USER="ptib" must not be set without SMTP_PASSWORD; ' +
        `SMTP_HOST="" ${SMTP_HOST_REFUSAL}`,
    );
  });

  it.each([
    { SMS_GATEWAY_URL: 'http://sms.example.sg/send', SMS_GATEWAY_TOKEN: 'T0ken-42' },
    { SMS_GATEWAY_URL: 'http://sms.example.sg/send', SMS_GATEWAY_USER: 'ptib', SMS_GATEWAY_PASSWORD: 'Pa55-word' },
  ])('refuses to send the SMS gateway’s credentials over plain HTTP: %j', (env) => {
    const refusal = refusalOf({ ...production, ...env }, { start: true });
    expect(refusal).toBe(
      `Invalid configuration: SMS_GATEWAY_URL="http://sms.example.sg/send" ${SMS_GATEWAY_PLAIN_HTTP_REFUSAL}`,
    );
    expect(refusal).not.toMatch(/T0ken-42|Pa55-word/);
  });
});
