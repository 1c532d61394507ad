import { z } from 'zod';
import { parse as parseConnectionString } from 'pg-connection-string';
import { SESSION } from '#contract/index.ts';
import { isUen } from '#contract/forms/sg.ts';
import { UPLOAD_ARRIVAL_MS, UPLOAD_SCAN_MS } from '#contract/documents.ts';

/** Environment configuration, validated once at start (a bad value stops the start with one clear line). */

/**
 * A number variable left empty (a unit file's `Environment=PORT=`) is unset, so its default applies:
 * coerced as it was, '' became 0, which passed as a port and had the server listen on a random one.
 */
const blankAsUnset = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);

const wholeNumber = (min: number, max: number, fallback: number) =>
  blankAsUnset(
    z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(min, `must be ${min}–${max}`)
      .max(max, `must be ${min}–${max}`)
      .default(fallback),
  );

const flag = z
  .enum(['0', '1', 'true', 'false', ''], { error: 'must be 1, 0, true or false' })
  .transform((v) => v === '1' || v === 'true');

const basePath = z
  .string()
  .regex(/^\/[A-Za-z0-9/_-]*$/, 'must be a path starting with /')
  .transform((v) => (v.length > 1 ? v.replace(/\/+$/, '') : v));

const optionalUrl = z.union([z.literal(''), z.url({ error: 'must be an absolute URL' })]).optional();

function isPublicUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && !url.search && !url.hash && !/[?#]/.test(value);
  } catch {
    return false;
  }
}

/**
 * Whether the PostgreSQL driver can read the address: pg reads it with pg-connection-string's parse, asked
 * here, so that the two cannot disagree. A password pasted without percent-encoding ('/', '?', '#') is what
 * usually makes it unreadable, and the driver's own error then said only "Invalid URL", at the first query.
 */
function readsAsDatabaseUrl(value: string): boolean {
  try {
    parseConnectionString(value);
    return true;
  } catch {
    return false;
  }
}

export const DATABASE_URL_UNREADABLE =
  "is not an address the database driver can read: percent-encode the user name and password (a '/' as %2F, " +
  "'?' as %3F, '#' as %23, '@' as %40, '%' as %25) and check the port";

/**
 * An address with credentials before its host, also one that no longer reads as an address because of them
 * (a password with a '/' pasted as it is): anything up to an '@' that follows the scheme, when unreadable.
 */
function holdsCredentials(value: string): boolean {
  if (/^[^:/?#]*:\/\/[^/?#]*@/.test(value)) return true;
  return /^[^:/?#]*:\/\/.*@/s.test(value) && !URL.canParse(value);
}

const variables = z.object({
  // Unset means development, as Node's convention has it (and the demo's SMS codes reach the log);
  // a production deployment sets NODE_ENV=production (deploy/README.md).
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  HOST: z.string().min(1, 'must not be empty').default('127.0.0.1'),
  PORT: wholeNumber(0, 65535, 8080),
  DATA_DIR: z.string().min(1, 'must not be empty').default('./data'),
  DATABASE_URL: z
    .string()
    // One issue, the first that applies; not aborting, so the union below reports it rather than "Invalid input".
    .superRefine((v, ctx) => {
      const message = !/^postgres(ql)?:\/\//.test(v)
        ? 'must start with postgres:// or postgresql://'
        : !readsAsDatabaseUrl(v)
          ? DATABASE_URL_UNREADABLE
          : null;
      if (message) ctx.addIssue({ code: 'custom', message, input: v, continue: true });
    })
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SEED_DEMO: flag.optional(),
  /**
   * A production start on a database that holds the demo accounts (their password is published) refuses,
   * unless this says the start is a benchmark's or a load test's, which measure the production shape with
   * them (docs/decisions/0031). Never on a real deployment.
   */
  ALLOW_DEMO_ACCOUNTS: flag.optional(),
  API_BASE: basePath.default('/'),
  PROCESS_ENGINE_BASE: basePath.default('/process-engine'),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { error: 'must be a pino level' })
    .default('info'),
  SESSION_MAX_HOURS: blankAsUnset(
    z.coerce
      .number({ error: 'must be a number' })
      .positive('must be positive')
      .max(168, 'must be at most 168')
      .default(SESSION.DEFAULT_MAX_HOURS),
  ),
  CONTACT_PHONE: z.string().min(1, 'must not be empty').default('1800-225-5529'),
  GOV_SEARCH_URL: z.url({ error: 'must be an absolute URL' }).default('https://www.search.gov.sg/search'),
  /**
   * PEM file (PKCS#8) of the RSA private key (3072 bits or more) for payload encryption. Unset: a key is
   * generated on first use and kept in the database, shared by every server process.
   */
  PAYLOAD_PRIVATE_KEY_FILE: z.string().min(1, 'must not be empty').optional(),
  /** Where the built single-page app lives. */
  WEB_DIST: z.string().default('./dist/web'),
  TRUST_PROXY: flag.optional(),
  /**
   * Limits of one connection (docs/decisions/0031): the whole request, body included, must arrive within
   * REQUEST_TIMEOUT_MS and its headers within HEADERS_TIMEOUT_MS (else 408 and the connection closes);
   * a process holds at most MAX_CONNECTIONS connections, and drops further ones at once.
   */
  REQUEST_TIMEOUT_MS: wholeNumber(500, 600_000, UPLOAD_ARRIVAL_MS),
  HEADERS_TIMEOUT_MS: wholeNumber(500, 600_000, 10_000),
  MAX_CONNECTIONS: wholeNumber(1, 1_000_000, 2_048),
  /**
   * The portal's public address (scheme, host, optional path), for answers that name it, such as
   * security.txt; never taken from the request's Host header. Unset: those answers leave such lines out.
   */
  PUBLIC_URL: z
    .string()
    .refine((v) => v === '' || isPublicUrl(v), 'must be an absolute http(s) URL without query or fragment')
    .transform((v) => (v === '' ? undefined : v.replace(/\/+$/, '')))
    .optional(),
  /** Optional outside addresses for the header and footer links (decisions.md §3). */
  LINK_FAQS: optionalUrl,
  LINK_CONTACT_US: optionalUrl,
  LINK_USEFUL_LINKS: optionalUrl,
  LINK_PRIVACY_STATEMENT: optionalUrl,
  LINK_TERMS_AND_CONDITIONS: optionalUrl,
  LINK_TERMS_OF_USE: optionalUrl,
  LINK_REPORT_VULNERABILITY: optionalUrl,
  LINK_RATE: optionalUrl,
  /** SMS one-time passwords (server/otp): the HMAC key of codes (unset: one kept in the database). */
  OTP_SECRET: z.string().min(32, 'must be at least 32 characters').optional().or(z.literal('')),
  /** An HTTP SMS gateway instead of the embedded sender (which writes to the log): Basic user/password or a token. */
  // Credentials go in their own variables: fetch refuses an address that holds them, and its error, which
  // names the address, reached the log and the outbox.
  // Checked before it is read as an address: a password pasted as it is (a '/', '?' or '#' in it) makes the
  // address unreadable, and "must be an absolute URL" would not say that the password is what to move.
  SMS_GATEWAY_URL: z
    .string()
    .refine(
      (v) => !holdsCredentials(v),
      'must not hold credentials: set SMS_GATEWAY_USER and SMS_GATEWAY_PASSWORD, or SMS_GATEWAY_TOKEN',
    )
    .pipe(z.union([z.literal(''), z.url({ error: 'must be an absolute URL' })]))
    .optional(),
  SMS_GATEWAY_USER: z.string().optional(),
  SMS_GATEWAY_PASSWORD: z.string().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SMS_GATEWAY_TIMEOUT_MS: wholeNumber(100, 60_000, 5_000),
  /**
   * SAML single sign-on (server/saml), off unless configured: the identity provider by metadata file or by
   * entity id, SSO address and signing certificate; this service by entity id and assertion consumer URL.
   */
  SAML_IDP_METADATA_FILE: z.string().optional(),
  SAML_IDP_ENTITY_ID: z.string().optional(),
  SAML_IDP_SSO_URL: optionalUrl,
  SAML_IDP_CERT: z.string().optional(),
  SAML_SP_ENTITY_ID: z.string().optional(),
  SAML_ACS_URL: optionalUrl,
  /**
   * The ClamAV daemon that scans uploaded documents: a Unix socket, or a host and port. Unset: the embedded
   * default stores files marked not scanned; production refuses uploads (docs/decisions/0037).
   */
  /**
   * The agency's UEN that PayNow QR codes of bills pay (docs/decisions/0045). Unset: a made-up demo UEN
   * outside production; production refuses to start without it.
   */
  PAYNOW_UEN: z
    .string()
    .optional()
    .refine((v) => !v || isUen(v), 'must be a UEN (9 or 10 characters with a valid check letter)'),
  CLAMD_SOCKET: z.string().optional(),
  CLAMD_HOST: z.string().optional(),
  CLAMD_PORT: wholeNumber(0, 65535, 3310),
  CLAMD_TIMEOUT_MS: wholeNumber(100, 600_000, UPLOAD_SCAN_MS),
  /**
   * Email (docs/decisions/0042): an SMTP server (SMTP_SECURE=1 for TLS from the first byte, else STARTTLS
   * when offered). Unset SMTP_HOST: each email is written as an .eml file under DATA_DIR/mail and named in
   * the log; production refuses to start without it.
   */
  SMTP_HOST: z.string().optional(),
  SMTP_PORT: wholeNumber(0, 65535, 587),
  SMTP_SECURE: flag.optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().min(3, 'must be an address').default('PTIB e-Services <no-reply@ptib.invalid>'),
  /** How often each server process looks for notifications due (docs/decisions/0041). */
  NOTIFY_POLL_MS: wholeNumber(50, 600_000, 2_000),
  /**
   * How long a claimed notification is its process's before another may send it (docs/decisions/0041):
   * longer than any one send may take. Lowered only by tests that kill a sending process.
   */
  NOTIFY_LEASE_MS: wholeNumber(1_000, 3_600_000, 300_000),
});

/** Why a production start needs SMTP_HOST (after the variable's name and value, as every refusal). */
export const SMTP_HOST_REFUSAL =
  'must be set with NODE_ENV=production (without it email would only be written to files)';

/** Why a production start needs TRUST_PROXY=1. */
export const TRUST_PROXY_REFUSAL =
  'must be 1 with NODE_ENV=production (TLS ends at the load balancer in front, deploy/README.md: ' +
  'without it no cookie is marked Secure, no HSTS is sent, and every user shares its address in the sign-in throttles)';

/** Why a production start needs an SMS gateway. */
export const SMS_GATEWAY_REFUSAL =
  'must be set with NODE_ENV=production (without it no one-time password is sent, so officers ' +
  'and every account that needs one cannot sign in, and SMS notices are lost)';

/** Why a production start refuses the gateway's credentials in clear. */
export const SMS_GATEWAY_PLAIN_HTTP_REFUSAL =
  'must be an https:// address with NODE_ENV=production when it has credentials (SMS_GATEWAY_TOKEN or ' +
  'SMS_GATEWAY_USER would go in clear)';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * What no single variable's value says: variables that conflict, and what production needs. A production
 * start (`start`) also refuses what tests and tools that build a production-like app go without (an SMTP
 * server, the load balancer, an SMS gateway): checked here too, so a start says every refusal in its one
 * line, not one round of them per start.
 */
const refusals =
  (start: boolean) =>
  (config: z.infer<typeof variables>, context: z.RefinementCtx<z.infer<typeof variables>>): void => {
    // Refused rather than ignored with a warning: whoever set both expects demo accounts, and a warning in a
    // production log is easily missed; a start that stops with one line is not (docs/decisions/0031).
    if (config.HEADERS_TIMEOUT_MS > config.REQUEST_TIMEOUT_MS) {
      context.addIssue({ code: 'custom', path: ['HEADERS_TIMEOUT_MS'], message: 'must not exceed REQUEST_TIMEOUT_MS' });
    }
    // A login without its password was sent with an empty one, and the SMTP server's refusal came only
    // at the first email, in the outbox's retries; a password without its login was ignored. The SMS
    // gateway's the same: its half login was found only as the app was built, its password alone ignored.
    for (const [user, password] of [
      ['SMTP_USER', 'SMTP_PASSWORD'],
      ['SMS_GATEWAY_USER', 'SMS_GATEWAY_PASSWORD'],
    ] as const) {
      if (Boolean(config[user]) !== Boolean(config[password])) {
        const [set, unset] = config[user] ? [user, password] : [password, user];
        context.addIssue({ code: 'custom', path: [set], message: `must not be set without ${unset}` });
      }
    }
    if (config.NODE_ENV === 'production' && !config.PAYNOW_UEN) {
      context.addIssue({
        code: 'custom',
        path: ['PAYNOW_UEN'],
        message: 'must be set with NODE_ENV=production (bills would otherwise be paid to a made-up UEN)',
      });
    }
    if (config.NODE_ENV === 'production' && config.SEED_DEMO) {
      context.addIssue({
        code: 'custom',
        path: ['SEED_DEMO'],
        message: 'must not be set with NODE_ENV=production (the demo accounts have a published password)',
      });
    }
    if (!start || config.NODE_ENV !== 'production') return;
    const refuse = (name: string, message: string) => context.addIssue({ code: 'custom', path: [name], message });
    if (!config.SMTP_HOST) refuse('SMTP_HOST', SMTP_HOST_REFUSAL);
    // The server speaks no TLS itself, so a production process is always behind the TLS load balancer: without
    // trusting it, every request looks like plain HTTP from the balancer's address.
    if (!config.TRUST_PROXY) refuse('TRUST_PROXY', TRUST_PROXY_REFUSAL);
    if (!config.SMS_GATEWAY_URL) refuse('SMS_GATEWAY_URL', SMS_GATEWAY_REFUSAL);
    // The gateway's bearer token or Basic password rides on every SMS request: over plain HTTP anyone on the
    // path reads it (and every one-time password). A gateway beside the process, on loopback, may speak HTTP.
    const gateway = config.SMS_GATEWAY_URL ? new URL(config.SMS_GATEWAY_URL) : null;
    if (
      gateway &&
      gateway.protocol !== 'https:' &&
      !LOOPBACK_HOSTS.has(gateway.hostname) &&
      (config.SMS_GATEWAY_TOKEN || config.SMS_GATEWAY_USER)
    ) {
      refuse('SMS_GATEWAY_URL', SMS_GATEWAY_PLAIN_HTTP_REFUSAL);
    }
  };

export const configSchema = variables.superRefine(refusals(false));
const startSchema = variables.superRefine(refusals(true));

export type Config = z.infer<typeof configSchema>;

/** A production start's refusal of a database that holds the demo accounts (their password is published). */
export const demoAccountsRefusal = (names: readonly string[]) =>
  `Refusing to start: NODE_ENV=production on a database that holds the demo accounts (${names.join(', ')}), whose ` +
  'password is published in the README. Use a database that was never started without NODE_ENV=production ' +
  '(ALLOW_DEMO_ACCOUNTS=1 is for benchmarks and load tests only)';

export class ConfigError extends Error {}

/** Variables that are a secret as a whole: a bad value is named, never printed. */
const SECRET_VARIABLES = new Set(['OTP_SECRET', 'SMTP_PASSWORD', 'SMS_GATEWAY_PASSWORD', 'SMS_GATEWAY_TOKEN']);

/**
 * A bad value as the refusal prints it: the start's one line goes to the terminal and to the service
 * manager's log, so a secret in it would be kept there (decisions.md §7: production never prints secrets).
 * A whole secret is left out; an address keeps its scheme, host and path, without the credentials before its
 * host (DATABASE_URL's password) or the query after its path (a gateway's token).
 */
function shownValue(name: string, value: string): string {
  if (SECRET_VARIABLES.has(name)) return ' (value not shown)';
  const scheme = /^[^:/?#@]*:\/\//.exec(value)?.[0] ?? '';
  let rest = value.slice(scheme.length);
  // The credentials run to the last '@', not to the first '/', '?' or '#': a password pasted without
  // percent-encoding may hold those, and is then what made the address invalid. Without a scheme, a
  // 'user:password@' is still one (an '@' in a query hides the host too: a refusal may say less, never more).
  const at = rest.lastIndexOf('@');
  if (at >= 0 && (scheme !== '' || rest.slice(0, at).includes(':'))) rest = `…@${rest.slice(at + 1)}`;
  return `=${JSON.stringify(scheme + rest.replace(/[?#].*$/s, '?…'))}`;
}

/**
 * Reads the environment; throws ConfigError naming every bad variable in one line. `start`: the server's
 * start, which also refuses what production needs (see `refusals`).
 */
export function loadConfig(env: Record<string, string | undefined> = process.env, { start = false } = {}): Config {
  return parseOrRefuse(start ? startSchema : configSchema, env);
}

/** The settings that say which database: all an operator's command reads (docs/decisions/0117). */
const databaseSchema = variables.pick({ DATA_DIR: true, DATABASE_URL: true });
export type DatabaseConfig = z.infer<typeof databaseSchema>;

/** Reads DATA_DIR and DATABASE_URL alone: a command is not refused for a setting only the server uses. */
export function loadDatabaseConfig(env: Record<string, string | undefined> = process.env): DatabaseConfig {
  return parseOrRefuse(databaseSchema, env);
}

function parseOrRefuse<S extends z.ZodType>(schema: S, env: Record<string, string | undefined>): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  let issues = result.error.issues;
  // A bad value keeps zod from checking the variables together: read again without the bad ones (their
  // defaults stand in), so what else is refused is said in the same line rather than at the next start.
  const bad = new Set(issues.map((issue) => issue.path.join('.')));
  const rest = schema.safeParse(Object.fromEntries(Object.entries(env).filter(([name]) => !bad.has(name))));
  if (!rest.success) issues = [...issues, ...rest.error.issues.filter((issue) => !bad.has(issue.path.join('.')))];
  const lines = issues.map((issue) => {
    const name = issue.path.join('.');
    return `${name}${shownValue(name, env[name] ?? '')} ${issue.message}`;
  });
  throw new ConfigError(`Invalid configuration: ${lines.join('; ')}`);
}
