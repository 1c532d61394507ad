/**
 * The shell's part of the specification's message catalogue (§2, §5, §8) and its other fixed text, exact
 * (typos included); the rest of the catalogue is in catalogue.ts. No copy of these strings may live anywhere
 * else: screens, toasts and the server import them.
 */

export const PHONE_PLACEHOLDER = '{phone}';

/** The toll-free number used until (or when) the deployment's own (GET /api/config contactPhone) is known. */
export const DEFAULT_CONTACT_PHONE = '1800-225-5529';

/**
 * The catalogue's messages the shell shows on any page (the warning banner, the footer's contact note, the
 * system-difficulties toast) and its login form's summary. Apart from the rest of the catalogue (MESSAGES,
 * catalogue.ts), which only screens loaded on demand show, so that #/home and #/login load these and not the
 * others (the first-load budget, docs/decisions/0026).
 */
export const SHELL_MESSAGES = {
  systemDifficulties:
    'Sorry, the system is facing some technical difficulties. Please try again later. If the problem persists, please contact {phone} to report the matter.',
  warningBanner:
    'Unauthorised access is an offence under the Computer Misuse Act. Only authorised users may use this system.',
  validationSummary: 'Please correct the validation errors.',
  contactAirtime: 'Airtime charges may apply for calls made from mobile phones.',
} as const;

/**
 * A 500's message ends with the request id that the server's log line (`reqId`) and nginx's (`request_id`) hold,
 * for the user to quote when they report the matter (docs/decisions/0117).
 */
export const withReference = (message: string, requestId: string) => `${message} (reference ${requestId})`;

/**
 * The line that gives a 500's reference under the system-difficulties toast, '' when its message has none. An id
 * longer than 12 characters (nginx's 32 hex digits, a UUID) is given by its first 8, which read out over the phone
 * and still find its lines in a search of the logs.
 */
export function referenceLine(message: string): string {
  const id = /\(reference ([\w-]+)\)$/.exec(message)?.[1];
  return id ? `\nReference: ${id.length > 12 ? id.slice(0, 8) : id}` : '';
}

/**
 * What the app says when the connection is lost or a part of it will not load (our wording, not the
 * specification's; docs/decisions/0032-losing-the-network.md). In the first load: it must show when
 * nothing more can be fetched.
 */
export const CONNECTION_MESSAGES = {
  /**
   * A call failed, or a part of the page would not load, and the browser says it is offline: the user's
   * own connection, not the server. One message for both, so that one loss is said once.
   */
  offline: 'Your connection to the internet is lost. Please try again when you are back online.',
  pageTitle: 'This page could not load',
  pageOffline: 'Your connection to the internet is lost. The page will load when you are back online.',
  pageFailed: 'Something went wrong while showing this page. Please try again.',
  partFailed: 'Part of this page could not load. Please try again later.',
  retry: 'Try again',
} as const;

/** The inbox screen's title and heading: in the first load as every route's title is (docs/decisions/0042). */
export const INBOX_TITLE = 'Messages';

/** Fills {phone} in a catalogue message. */
export function withPhone(message: string, phone: string): string {
  return message.split(PHONE_PLACEHOLDER).join(phone);
}

/**
 * The region the toasts sit in: a landmark, so that someone moving by landmarks finds a toast shown (a named
 * list is none).
 */
export const TOASTS_LABEL = 'Notifications';

/** Toast titles (§2). */
export const TOAST_TITLES = {
  success: 'Success Message',
  warn: 'Warn Message',
  info: 'Info Message',
  error: 'Error Message',
} as const;
export type ToastSeverity = keyof typeof TOAST_TITLES;

/** Headings (and document titles) of the four error screens (spec §2). */
export const ERROR_SCREEN_TITLES = {
  accessDenied: 'Access denied',
  pageNotFound: 'Page not Found',
  systemError: 'System Error',
  unexpectedError: 'Unexpected System Error',
} as const;

/**
 * Why the server answered a request before any route saw it (docs/decisions/0031): cut off by its time
 * limits, or not readable as HTTP. And why the load balancer did, refusing one address more requests in
 * progress or sign-ins than deploy/nginx.conf.template allows (docs/decisions/0099); the template answers
 * that one in the envelope, with these words.
 */
export const TRANSPORT_MESSAGES = {
  timedOut: 'The request took too long to arrive and was cut off. Please try again, on a faster connection if you can.',
  headersTooLarge: 'The request headers are too large',
  unreadable: 'The request could not be read as HTTP',
  tooManyAtOnce: 'Too many requests from your network at once. Please wait a moment and try again.',
} as const;

/**
 * How deep a request body may nest its arrays and objects (docs/decisions/0031). No call needs more than a
 * few levels; the bound keeps every walk of a body (the text check, the schemas) within the stack.
 */
export const MAX_BODY_NESTING = 64;

/**
 * Why the server refuses text no stored value may hold (docs/decisions/0031): a NUL character, which
 * PostgreSQL's text and jsonb cannot store, and a lone UTF-16 surrogate, which is not Unicode text; and a
 * body nested deeper than any call needs, before anything walks it.
 */
export const TEXT_INPUT_MESSAGES = {
  nul: 'must not contain a NUL character (U+0000)',
  loneSurrogate: 'must be well-formed Unicode text (it holds a lone surrogate)',
  tooDeep: `must not nest arrays and objects more than ${MAX_BODY_NESTING} levels deep`,
  /** A path whose percent-encoding is not UTF-8 (e.g. a lone surrogate's bytes, %ED%A0%80). */
  badPath: 'Invalid request path: its percent-encoding is not valid UTF-8',
  /** `Invalid request body field 'a.b': …`, the form of the server's other validation reasons. */
  invalid: (part: string, where: string, problem: string) =>
    `Invalid request ${part}${where ? ` field '${where}'` : ''}: ${problem}`,
} as const;

/**
 * Why a number in a request's query is refused, naming the parameter (the envelope names the field too, but
 * these read alone as well).
 */
export const QUERY_MESSAGES = {
  /** ?page=1&page=2: which one was meant is not for the server to guess. */
  repeated: (name: string) => `${name} must be given once`,
  wholeNumber: (name: string) => `${name} must be a whole number, in digits only`,
  atLeast: (name: string, min: number) => `${name} must be ${min} or more`,
  atMost: (name: string, max: number) => `${name} must be at most ${max}`,
} as const;
