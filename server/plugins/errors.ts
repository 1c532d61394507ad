import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { ConnectionError, FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import {
  API_PATHS,
  API_PREFIXES,
  MESSAGES,
  QUERY_MESSAGES,
  RESPONSE_CODE,
  TRANSPORT_MESSAGES,
  fail,
  withPhone,
  withReference,
} from '#contract/index.ts';

/** An error a route throws on purpose: it becomes an envelope with this HTTP status and code. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly responseCode: string;
  /** What the refusal tells beside its reason (the envelope's responseJSON); most tell nothing. */
  readonly responseJSON: unknown;
  constructor(statusCode: number, responseCode: string, message: string, responseJSON: unknown = null) {
    super(message);
    this.statusCode = statusCode;
    this.responseCode = responseCode;
    this.responseJSON = responseJSON;
  }
}

export const badRequest = (reason: string) => new ApiError(400, RESPONSE_CODE.BAD_REQUEST, reason);

/** Where the API lives: the configured API base, and the process-engine base beside it. */
export interface ApiBases {
  API_BASE: string;
  PROCESS_ENGINE_BASE: string;
}

/**
 * Whether a path belongs to the API (envelope errors, no-store, the XSRF check) rather than the app.
 * Follows both configured bases: a path the app would claim gets the app's 404 page and no XSRF check.
 */
export function isApiPath(url: string, bases: ApiBases): boolean {
  const path = url.split('?')[0] ?? '';
  const base = bases.API_BASE === '/' ? '' : bases.API_BASE;
  return (
    API_PREFIXES.some((prefix) => path.startsWith(base + prefix)) ||
    path.startsWith(bases.PROCESS_ENGINE_BASE + '/') ||
    path === API_PATHS.health
  );
}

/**
 * The path a request is decided by: the route the router matched, else the decoded URL path. Never the raw
 * URL, which a percent-encoded path (/%61pi/…) makes differ from what the router saw (docs/decisions/0031).
 */
export function requestPath(request: FastifyRequest): string {
  if (request.routeOptions.url) return request.routeOptions.url;
  const raw = request.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

function describeValidation(error: FastifyError, request: FastifyRequest): string {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const first = error.validation[0];
    const where = first?.instancePath ? first.instancePath.replace(/^\//, '').replace(/\//g, '.') : '';
    // A parameter given twice (?app=PD&app=PRD) reaches the schema as an array, which each field's own message,
    // or the validator's "expected string, received array", would not name: say what it is, for every field.
    const query = request.query as Record<string, unknown> | undefined;
    const repeated = error.validationContext === 'querystring' && Array.isArray(query?.[where]);
    const problem = repeated ? QUERY_MESSAGES.repeated(where) : (first?.message ?? 'bad value');
    return `Invalid request${error.validationContext ? ` ${error.validationContext}` : ''}${where ? ` field '${where}'` : ''}: ${problem}`;
  }
  return `Invalid request: ${error.message}`;
}

/**
 * One error format for the whole API: every error leaves as the envelope. 4xx keep their reason;
 * anything unexpected is logged with the request id and answered with a generic message carrying it.
 */
export function registerErrorHandling(app: FastifyInstance, sendSpa404: (reply: FastifyReply) => FastifyReply): void {
  app.setErrorHandler((thrown: FastifyError | null | undefined, request: FastifyRequest, reply: FastifyReply) => {
    // JavaScript can throw anything (`throw null`, a string): read it as an unexpected error.
    const error: FastifyError =
      typeof thrown === 'object' && thrown !== null
        ? thrown
        : Object.assign(new Error(`non-error thrown: ${String(thrown)}`), { code: 'NON_ERROR_THROWN' });
    if (error instanceof ApiError) {
      return reply
        .code(error.statusCode)
        .send({ ...fail(error.responseCode, error.message), responseJSON: error.responseJSON });
    }
    // The static files' refusal of a path with an empty segment (//home, /api//x): it names no file nor call,
    // so it is answered as any other unknown address is, not with a bare "Forbidden".
    if (error.code === 'FST_STATIC_FORBIDDEN_PATH') return reply.callNotFound();
    if (error.validation || hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send(fail(RESPONSE_CODE.BAD_REQUEST, describeValidation(error, request)));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
      // Fastify's own client errors (bad JSON, body too large, unsupported media type…): say what it was.
      const reason = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type' : error.message;
      const code = status === 429 ? RESPONSE_CODE.TOO_MANY_REQUESTS : String(status);
      return reply.code(status).send(fail(code, reason || 'Bad request'));
    }
    request.log.error({ err: error, reqId: request.id }, 'unexpected error');
    if (isDatabaseUnavailable(error)) {
      // The catalogue's outage message with this deployment's number: the user can do nothing but wait
      // or call, and the process recovers by itself once the database is back.
      return reply
        .code(503)
        .header('Retry-After', String(DATABASE_RETRY_AFTER_S))
        .send(fail(RESPONSE_CODE.UNAVAILABLE, withPhone(MESSAGES.systemDifficulties, app.config.CONTACT_PHONE)));
    }
    return reply.code(500).send(fail(RESPONSE_CODE.SERVER_ERROR, withReference(MESSAGES.somethingWrong, request.id)));
  });

  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(requestPath(request), app.config) || request.method !== 'GET') {
      return reply
        .code(404)
        .send(fail(RESPONSE_CODE.NOT_FOUND, `No such call: ${request.method} ${request.url.split('?')[0]}`));
    }
    return sendSpa404(reply);
  });
}

/**
 * The answer to a request Node cut off (REQUEST_TIMEOUT_MS, HEADERS_TIMEOUT_MS) or could not parse, before
 * any route (Fastify's clientErrorHandler, called with the app as `this`): the envelope, as every API answer
 * is, where Fastify's own JSON was not one. A cut-off request is logged at warn: it is as often an upload on a
 * slow line as a slow client's attack, and nothing else said it had happened (docs/decisions/0031).
 */
export function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket): void {
  // A reset or closed connection has nobody left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, TRANSPORT_MESSAGES.timedOut]
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, TRANSPORT_MESSAGES.headersTooLarge]
        : [400, TRANSPORT_MESSAGES.unreadable];
  if (status === 408) {
    this.log.warn(
      // Node does not say which limit ran out: the headers' or the whole request's. Both are named.
      {
        remoteAddress: socket.remoteAddress,
        headersTimeoutMs: this.config.HEADERS_TIMEOUT_MS,
        requestTimeoutMs: this.config.REQUEST_TIMEOUT_MS,
      },
      'request cut off: its headers or its body did not arrive within their time limits (answered 408)',
    );
  } else {
    this.log.debug(
      { err: error.message, remoteAddress: socket.remoteAddress },
      `request not read (answered ${status})`,
    );
  }
  if (socket.writable) {
    const body = JSON.stringify(fail(String(status), message));
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Seconds a client is asked to wait after a 503 for a database outage (the pool retries on every call). */
const DATABASE_RETRY_AFTER_S = 5;

/**
 * The errors that mean "the database is away for now", not a fault of the request: the network's (the host
 * refuses, is down or unreachable, its name does not resolve while DNS is away) and PostgreSQL's own
 * (SQLSTATE class 08, shutting down or starting up, restarting after another backend crashed, no connection
 * left while every process reconnects after a restart), and a conflict PostgreSQL ended. Any other error
 * read as a 500, and a token whose signing key could not be read then looked bad.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  // A deadlock or serialization failure that outlasted its transaction's runs (docs/decisions/0068), or met
  // a single statement: nothing is wrong with the request, and trying again later will do.
  '40P01',
  '40001',
]);

export function isDatabaseUnavailable(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  const message = (error as { message?: unknown })?.message;
  return (
    (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) ||
    (typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/.test(
        message,
      ))
  );
}
