import type { EnvelopeHeader } from '#contract/index.ts';

/** Why a call ended the session (spec §8): the session engine listens for the matching bus events. */
export type SessionEnd = 'forbidden' | 'interrupted' | 'unauthorized';

/** The server accepted the call: header responseCode 200. */
export interface ApiSuccess<T> {
  ok: true;
  status: number;
  /**
   * The envelope's header. A 2xx answer that is plain JSON rather than an envelope (authenticate's
   * "text body holding JSON") is read whole as responseJSON, with an OK header.
   */
  header: EnvelopeHeader;
  responseJSON: T;
}

/** Every way a call can fail, for the caller to show (or not) as it sees fit. */
export type ApiFailure =
  /** The server answered an envelope that says no (400 validation, 403 'Access forbidden', 4100…). */
  | { ok: false; kind: 'refused'; status: number; header: EnvelopeHeader; responseJSON: unknown }
  /** The answer ends the session; the session engine has been told on the bus. */
  | { ok: false; kind: 'session'; reason: SessionEnd; status: number; header: EnvelopeHeader | null }
  /** HTTP 5xx: the system-difficulties toast has been shown. header when the server sent an envelope. */
  | { ok: false; kind: 'server'; status: number; header: EnvelopeHeader | null }
  /** An error status without an envelope (a proxy's page, say). */
  | { ok: false; kind: 'http'; status: number; message: string }
  /**
   * No answer at all, or the time limit ran out: the HTTP layer has shown this failure's one toast (the
   * lost connection, or the system difficulties), so a caller shows no other toast for it.
   */
  | { ok: false; kind: 'network' }
  | { ok: false; kind: 'timeout' }
  /** The caller gave up (the screen unmounted): nothing is shown. */
  | { ok: false; kind: 'aborted' }
  /** An answer that could not be read: not JSON, not an envelope, or an encrypted answer that would not open. */
  | { ok: false; kind: 'bad-answer'; status: number; message: string };

export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export interface CallOptions {
  /** Give up when this signal aborts (useAbortSignal() gives one that aborts when the screen unmounts). */
  signal?: AbortSignal;
  /** Time limit of this call; CALL_TIMEOUT_MS unless given. */
  timeoutMs?: number;
  /** The call needs the full-page block overlay while it runs. */
  block?: boolean;
  /** Which base path the path is under: the API (default) or the process engine (from GET /api/config). */
  base?: 'api' | 'processEngine';
  /** Extra request headers. */
  headers?: Record<string, string>;
  /**
   * Show no toast for the server's answer (the screen shows its own message). A call that cannot reach
   * the server still shows its toast (the lost connection, or the system difficulties), unless it is a
   * background call; the screen then shows no toast of its own for it (docs/decisions/0032).
   */
  quiet?: boolean;
  /** The answer is a file: a successful answer's responseJSON is its bytes as a Blob. */
  binary?: boolean;
  /** A background call the user did not start (configuration, token refresh, menus): no toast at all. */
  background?: boolean;
}
