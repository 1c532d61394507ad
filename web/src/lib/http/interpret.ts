import {
  FORBIDDEN_DESC,
  SHELL_MESSAGES,
  RESPONSE_CODE,
  isAccountCall,
  isEnvelope,
  referenceLine,
  withPhone,
  type EnvelopeHeader,
} from '#contract/index.ts';
import type { AppEvents } from '../events/bus.ts';
import type { ApiResult } from './types.ts';

/** One bus event to emit, typed by its name. */
export type BusEvent = { [K in keyof AppEvents]: { name: K; payload: AppEvents[K] } }[keyof AppEvents];

export interface Answer {
  /** The call's path as the contract names it (for the account-call rule). */
  path: string;
  /** The address called (reported in events). */
  url: string;
  status: number;
  statusText: string;
  /** The parsed body; undefined when it was empty or not JSON. */
  body: unknown;
  /** The body was empty. */
  empty: boolean;
}

export interface Interpretation<T> {
  result: ApiResult<T>;
  events: BusEvent[];
}

const OK_HEADER: EnvelopeHeader = { responseCode: RESPONSE_CODE.OK, responseDesc: 'OK' };

/**
 * The system-difficulties toast (spec §8) with the deployment's phone number, and under its exact text the
 * reference a 500 carries, if any (`referenceLine`): what the user quotes when asked to report the matter.
 */
export function difficultiesToast(phone: string, reference = ''): BusEvent {
  return {
    name: 'toast',
    payload: { severity: 'error', message: withPhone(SHELL_MESSAGES.systemDifficulties, phone) + reference },
  };
}

/**
 * The interceptor's rules (spec §8), read once for every answer:
 * - header 403 with responseDesc exactly 'Forbidden' → 'session:forbidden';
 * - header 4200 → 'session:interrupted';
 * - header 4110 → 'session:proxyWithdrawn' (the caller gets the refusal; no error toast of its own);
 * - HTTP 401 → 'session:unauthorized';
 * - every other HTTP error → 'httpError', except a 401 with an empty message or from an account call;
 * - HTTP 5xx also shows the system-difficulties toast (unless the caller is quiet).
 * A 403 whose responseDesc is anything else is an ordinary refusal returned to the caller.
 */
export function interpret<T>(answer: Answer, options: { phone: string; quiet?: boolean }): Interpretation<T> {
  const { status, url, body } = answer;
  const header = isEnvelope(body) ? body.header : null;
  const events: BusEvent[] = [];
  // The 401 rule reads the server's own message: a bare status line is not one.
  const serverMessage = header?.responseDesc ?? '';
  const message = header?.responseDesc ?? answer.statusText;

  if (header?.responseCode === RESPONSE_CODE.FORBIDDEN && header.responseDesc === FORBIDDEN_DESC) {
    events.push({ name: 'session:forbidden', payload: { url } });
    return { result: { ok: false, kind: 'session', reason: 'forbidden', status, header }, events };
  }
  if (header?.responseCode === RESPONSE_CODE.SESSION_INTERRUPTED) {
    events.push({ name: 'session:interrupted', payload: { url } });
    return { result: { ok: false, kind: 'session', reason: 'interrupted', status, header }, events };
  }
  if (header?.responseCode === RESPONSE_CODE.PROXY_WITHDRAWN) {
    const responseJSON = isEnvelope(body) ? body.responseJSON : null;
    events.push({ name: 'session:proxyWithdrawn', payload: { url, message: header.responseDesc, responseJSON } });
    return { result: { ok: false, kind: 'refused', status, header, responseJSON }, events };
  }
  if (status === 401) {
    events.push({ name: 'session:unauthorized', payload: { url } });
    if (serverMessage !== '' && !isAccountCall(answer.path))
      events.push({ name: 'httpError', payload: { url, status, responseCode: header?.responseCode, message } });
    return { result: { ok: false, kind: 'session', reason: 'unauthorized', status, header }, events };
  }
  if (status >= 400) {
    events.push({ name: 'httpError', payload: { url, status, responseCode: header?.responseCode, message } });
    if (status >= 500) {
      if (!options.quiet)
        events.push(difficultiesToast(options.phone, status === 500 ? referenceLine(serverMessage) : ''));
      return { result: { ok: false, kind: 'server', status, header }, events };
    }
    if (isEnvelope(body))
      return {
        result: { ok: false, kind: 'refused', status, header: body.header, responseJSON: body.responseJSON },
        events,
      };
    return { result: { ok: false, kind: 'http', status, message }, events };
  }
  if (isEnvelope(body)) {
    if (body.header.responseCode === RESPONSE_CODE.OK)
      return { result: { ok: true, status, header: body.header, responseJSON: body.responseJSON as T }, events };
    return {
      result: { ok: false, kind: 'refused', status, header: body.header, responseJSON: body.responseJSON },
      events,
    };
  }
  if (answer.empty) return { result: { ok: true, status, header: OK_HEADER, responseJSON: null as T }, events };
  if (body !== undefined) return { result: { ok: true, status, header: OK_HEADER, responseJSON: body as T }, events };
  return { result: { ok: false, kind: 'bad-answer', status, message: 'The answer is not JSON' }, events };
}
