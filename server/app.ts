import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import Fastify, {
  LogController,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { RESPONSE_CODE, TEXT_INPUT_MESSAGES, fail } from '#contract/index.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { answerClientError, registerErrorHandling } from './plugins/errors.ts';
import { registerStatic } from './plugins/static.ts';
import { registerRequestLog } from './plugins/request-log.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { healthRoutes } from './routes/health.ts';
import { configRoutes } from './routes/config.ts';
import { registerAuth } from './auth/plugin.ts';
import { registerPayloadEncryption } from './plugins/encryption.ts';
import { registerTextInputCheck } from './plugins/text-input.ts';
import { publicKeyRoutes } from './routes/public-key.ts';
import { authRoutes } from './routes/auth.ts';
import { profileRoutes } from './routes/profile.ts';
import { contentRoutes } from './routes/content.ts';
import { searchRoutes } from './routes/search.ts';
import { ratingRoutes } from './routes/rating.ts';
import { wellKnownRoutes } from './routes/well-known.ts';
import { eserviceRoutes } from './routes/eservices.ts';
import { caseRoutes } from './routes/cases.ts';
import { processEngineRoutes } from './routes/process-engine.ts';
import { otpRoutes } from './routes/otp.ts';
import { createSmsSender, type SmsSender } from './otp/sms.ts';
import { samlRoutes } from './routes/saml.ts';
import { loadSamlSettings } from './saml/settings.ts';
import { documentRoutes } from './routes/documents.ts';
import { acknowledgementRoutes } from './routes/acknowledgement.ts';
import { paymentRoutes } from './routes/payments.ts';
import { officerRoutes } from './routes/officer.ts';
import { scannerFromConfig } from './documents/scanner.ts';
import { countWaiting, startRescanWorker, type RescanWorker } from './documents/rescan.ts';
import { readableLogStream } from './log-format.ts';
import { registerRoutes } from './routes/register.ts';
import { registerOfficeRoutes } from './routes/register-office.ts';
import { reconciliationRoutes } from './routes/reconciliation.ts';
import { RECONCILIATION_ROLES } from '#contract/officer.ts';
import { PDF_DOWNLOAD_LIMITS, PDF_DOWNLOAD_MESSAGES } from '#contract/downloads.ts';
import { UPLOAD_LIMITS, UPLOAD_MESSAGES } from '#contract/documents.ts';
import { requireOfficer } from './auth/officer.ts';
import { createEmailSender, type EmailSender } from './notifications/email.ts';
import { drainAll, startOutboxWorker, type OutboxDeps, type OutboxWorker } from './notifications/worker.ts';
import { notificationRoutes } from './routes/notifications.ts';
import { InFlightLimit } from './plugins/in-flight-limit.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: Config;
    /** The clock every time rule reads (injectable, so tests use a fake one). */
    now: () => Date;
    /** Where SMS go: one-time passwords, and notices of a locked sign-in to the account holder. */
    smsSender: SmsSender;
    /** Where email goes: the SMTP server, or .eml files under DATA_DIR without one (docs/decisions/0042). */
    emailSender: EmailSender;
    /** The notification outbox of this app (docs/decisions/0041): drain() sends what is due now. */
    outbox: {
      deps(): Omit<OutboxDeps, 'workerId'>;
      drain(): Promise<number>;
      /**
       * Asks this process's worker to look now rather than at its next tick (after a commit that should go
       * out at once). Without a started worker (tests) it does nothing: tests drain by hand, and no send
       * runs that app.close() does not wait for.
       */
      nudge(): void;
      /** Starts this process's worker (the server's start does; tests drain by hand). */
      start(): OutboxWorker;
    };
    /** The PDF downloads in flight, per account and in this process (docs/decisions/0095). */
    pdfDownloads: InFlightLimit;
    /** The uploads in flight, per account and in this process (docs/decisions/0115). */
    uploads: InFlightLimit;
    /** Files kept not scanned, scanned once a scanner is configured (docs/decisions/0067). */
    rescan: {
      /** How many files wait for a scan (for the start banner). */
      waiting(): Promise<number>;
      /**
       * Starts this process's rescan when a scanner is configured, else does nothing (the server's start
       * does; tests run rescanOnce by hand).
       */
      start(): RescanWorker | null;
    };
  }
}

/** Never log a secret: tokens, cookies, passwords, one-time codes, encrypted payloads and the values of queries. */
export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.token',
  '*.otp',
  // Not `*.code`: that is an error's code too (ECONNREFUSED, a SQLSTATE), the first thing an operator looks
  // up. No log line carries a one-time code under any key (the embedded SMS sender's is `sms`, on purpose).
  '*.wrappedKey',
  '*.cipher',
  // A failed query's values: the embedded database (PGlite) puts them on its error, so a save that failed
  // logged the answers it carried (NRIC numbers included) in the "unexpected error" line.
  '*.params',
  '*.cause.params',
  // What nodemailer's error holds of the recipients (an SMTP refusal's reply names the address): the SMTP
  // sender logs only a summary (server/notifications/email.ts); these keep it so if another path does not.
  '*.rejected',
  '*.rejectedErrors',
  '*.response',
  '*.envelope',
];

/**
 * An address with every value of its query taken out, its names kept (they say which call it was). A query
 * holds what a search asks for (an officer's search for an applicant by name, the site search) and the
 * register case an entry or extract was read for: personal data, kept out of the request log as the
 * register's search is by being a POST (docs/decisions/0043). All of them, not the ones known today: no
 * operator needs a value, and a query added later is kept out without anyone remembering to.
 */
function withoutQueryValues(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const pairs = url
    .slice(at + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      return eq >= 0 ? `${pair.slice(0, eq)}=[redacted]` : pair && '[redacted]';
    });
  return `${url.slice(0, at)}?${pairs.join('&')}`;
}

/** A request id as a load balancer writes one: nginx's is 32 hex digits, others' a UUID. */
const REQUEST_ID = /^[A-Za-z0-9-]{1,64}$/;

/** The X-Request-Id the load balancer sent, when it is well formed; else one of our own. */
function balancerRequestId(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** How the server logs, in production and in the tests that check what the log holds. */
export const LOGGING = {
  redact: { paths: LOG_REDACT, censor: '[redacted]' },
  serializers: {
    // Fastify's own request serializer, with the query's values taken out of the address.
    req: (req: FastifyRequest) => ({
      method: req.method,
      url: withoutQueryValues(req.url),
      host: req.host,
      remoteAddress: req.ip,
      remotePort: req.socket?.remotePort,
    }),
  },
};

export interface BuildOptions {
  config: Config;
  db: Database;
  logger?: FastifyServerOptions['logger'];
  /** The clock; real time unless a test passes its own. */
  now?: () => Date;
  /** Sees every route as it is registered (tests collect them, e.g. the fuzz test). */
  onRoute?: (route: RouteOptions) => void;
}

/**
 * Every schema is a zod one (fastify-type-provider-zod), in every plugin's context too. Given to Fastify as the
 * factories of its compilers (rather than by setValidatorCompiler after), they keep Fastify from loading its
 * default ones, Ajv (three copies) and fast-json-stringify: hundreds of modules, about 7 MB of RSS, never used.
 * Fastify types these factories as Ajv's, hence the cast.
 */
const ZOD_COMPILERS = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<FastifyServerOptions['schemaController']>['compilersFactory'];

/** Builds the whole server (plugins in a fixed order: infrastructure, then routes). Does not listen. */
export async function buildApp({ config, db, logger, now, onRoute }: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? {
      level: config.LOG_LEVEL,
      ...LOGGING,
      // Readable in a terminal, JSON anywhere else (server/log-format.ts).
      ...(process.stdout.isTTY ? { stream: readableLogStream(process.stdout) } : {}),
    },
    // The load balancer's id for the request (nginx's $request_id, in its access log too), so that the two
    // logs and a user's report meet; only from the one trusted load balancer, and only when well formed,
    // since it lands in every log line of the request. Anyone else's is not taken.
    genReqId: config.TRUST_PROXY ? balancerRequestId : () => randomUUID(),
    // One line a request, when it is answered (server/plugins/request-log.ts), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // One hop: the client is the address the load balancer in front saw (the last X-Forwarded-For entry).
    // Trusting every hop (true) would take the leftmost entry, which the client writes itself, into the
    // sign-in throttles and the audit trail. Only the load balancer may reach the process (deploy/README.md).
    trustProxy: config.TRUST_PROXY ? (_address: string, hop: number) => hop === 0 : false,
    bodyLimit: 1_048_576,
    // A JSON key `__proto__` or `constructor.prototype` is dropped, not refused: refused, the call was told
    // its well-formed JSON was 'not valid JSON'; dropped, what is left is judged by the call's own schema.
    onProtoPoisoning: 'remove',
    onConstructorPoisoning: 'remove',
    // A slow client must not hold a connection for ever: the whole request within requestTimeout, its
    // headers within headersTimeout, checked often enough that a limit is not overrun by Node's default
    // 30 s sweep (docs/decisions/0031). The answer is a 408 envelope, and the connection closes.
    requestTimeout: config.REQUEST_TIMEOUT_MS,
    clientErrorHandler: answerClientError,
    http: {
      headersTimeout: config.HEADERS_TIMEOUT_MS,
      connectionsCheckingInterval: Math.max(100, Math.floor(config.HEADERS_TIMEOUT_MS / 4)),
    },
    // A request that reaches a stopping process on a kept-alive connection is served (then the connection
    // closes): the database is still open until every connection has ended. A 503 here would reach the
    // user, since nginx does not retry 503s, which mean "database unreachable" (deploy/README.md).
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    // nginx keeps its connections to a process open and lets an idle one go after 10 s; the process must
    // not close one first, or a request nginx sends on it just then fails (docs/decisions/0102).
    keepAliveTimeout: 72_000,
    schemaController: { compilersFactory: ZOD_COMPILERS },
    // A path the router cannot decode (bad percent-encoding) is refused before any route: an envelope
    // saying why, like every other bad input, rather than Fastify's own error object.
    frameworkErrors: (_error, request, reply) => {
      void (reply as FastifyReply)
        .code(400)
        .header('X-Request-Id', request.id)
        .send(fail(RESPONSE_CODE.BAD_REQUEST, TEXT_INPUT_MESSAGES.badPath));
    },
  });
  // Connections past the cap are dropped at once, before they cost a request's memory.
  app.server.maxConnections = config.MAX_CONNECTIONS;
  if (onRoute) app.addHook('onRoute', onRoute);
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('now', now ?? (() => new Date()));
  app.decorate('smsSender', createSmsSender(config, app.log));
  app.decorate('emailSender', createEmailSender(config, app.log));
  app.decorate('pdfDownloads', new InFlightLimit(PDF_DOWNLOAD_LIMITS, PDF_DOWNLOAD_MESSAGES));
  app.decorate('uploads', new InFlightLimit(UPLOAD_LIMITS, UPLOAD_MESSAGES));
  const leftToLaterRelease = new Set<string>();
  const outboxDeps = () => ({
    db: app.db,
    now: () => app.now(),
    email: app.emailSender,
    sms: app.smsSender,
    log: app.log,
    publicUrl: config.PUBLIC_URL,
    leaseMs: config.NOTIFY_LEASE_MS,
    leftToLaterRelease,
  });
  let worker: OutboxWorker | null = null;
  app.decorate('outbox', {
    deps: outboxDeps,
    drain: () => drainAll({ ...outboxDeps(), workerId: `drain:${process.pid}` }),
    nudge: () => worker?.nudge(),
    start: () => (worker ??= startOutboxWorker(outboxDeps(), config.NOTIFY_POLL_MS)),
  });
  const scanner = scannerFromConfig(config);
  let rescanWorker: RescanWorker | null = null;
  app.decorate('rescan', {
    waiting: () => countWaiting(app.db),
    start: () =>
      scanner && (rescanWorker ??= startRescanWorker({ db: app.db, scanner, now: () => app.now(), log: app.log })),
  });
  app.addHook('onClose', async () => {
    // The workers' passes in flight end first: they still write to the database.
    await worker?.stop();
    await rescanWorker?.stop();
    app.emailSender.close();
    await db.close();
  });

  registerRequestLog(app);
  await registerSecurityHeaders(app);
  const sendSpa404 = await registerStatic(app, config.WEB_DIST);
  registerErrorHandling(app, sendSpa404);
  await registerAuth(app, config.API_BASE);
  registerPayloadEncryption(app, {
    apiBase: config.API_BASE,
    privateKeyFile: config.PAYLOAD_PRIVATE_KEY_FILE,
    now: () => app.now().getTime(),
  });
  registerTextInputCheck(app);

  await app.register(healthRoutes);
  const apiPrefix = config.API_BASE === '/' ? '' : config.API_BASE;
  await app.register(configRoutes, { prefix: apiPrefix });
  await app.register(publicKeyRoutes, { prefix: apiPrefix });
  await app.register(authRoutes, { prefix: apiPrefix });
  await app.register(otpRoutes, { prefix: apiPrefix });
  await app.register(samlRoutes, { prefix: apiPrefix, settings: loadSamlSettings(config) });
  await app.register(profileRoutes, { prefix: apiPrefix });
  await app.register(contentRoutes, { prefix: apiPrefix });
  // Not prefixed: it also answers the header form's GET /search, a site path rather than an API one.
  await app.register(searchRoutes, { apiPrefix });
  await app.register(ratingRoutes, { prefix: apiPrefix });
  await app.register(wellKnownRoutes);
  await app.register(eserviceRoutes, { prefix: apiPrefix });
  await app.register(caseRoutes, { prefix: apiPrefix });
  await app.register(acknowledgementRoutes, { prefix: apiPrefix });
  await app.register(paymentRoutes, { prefix: apiPrefix });
  await app.register(officerRoutes, { prefix: apiPrefix, scanner });
  await app.register(notificationRoutes, { prefix: apiPrefix });
  await app.register(documentRoutes, { prefix: apiPrefix, scanner });
  await app.register(registerRoutes, { prefix: apiPrefix });
  // Back-office calls of other areas, behind the officer guard with the role each needs (docs/decisions/0039).
  await app.register(registerOfficeRoutes, { prefix: apiPrefix, guard: requireOfficer(['officer', 'supervisor']) });
  await app.register(reconciliationRoutes, { prefix: apiPrefix, guard: requireOfficer(RECONCILIATION_ROLES) });
  // The workflow has its own base path (decisions.md §4), not under the API base.
  await app.register(processEngineRoutes, { prefix: config.PROCESS_ENGINE_BASE });
  return app;
}
