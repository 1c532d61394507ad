import type { z } from 'zod';
import { RESPONSE_CODE } from '#contract/index.ts';
import type { ApiFailure, ApiResult } from './types.ts';

/** A refusal: the server answered an envelope that says no. */
export type Refusal = Extract<ApiFailure, { kind: 'refused' }>;

/**
 * What a call came to, read for a screen to show:
 * - ok: the answer, checked against its schema, with the server's message;
 * - refused: the server said no with a reason worth showing (its code and words);
 * - session: the session ended (the session engine has taken over), or the grant to act for the profile was
 *   withdrawn (the proxy feature switches the user back and says why, docs/decisions/0029); aborted: the
 *   screen was left;
 * - unreachable: no answer (network, time-out): the HTTP layer has shown the toast, the screen only notes it;
 * - failed: no usable answer (5xx, an answer that does not fit the schema);
 * - Special: a refusal a feature reads more closely (a form's field errors, a case changed elsewhere).
 */
export type Outcome<T, Special = never> =
  | { ok: true; value: T; message: string }
  | { ok: false; kind: 'refused'; status: number; code: string; message: string }
  | { ok: false; kind: 'session' }
  | { ok: false; kind: 'aborted' }
  | { ok: false; kind: 'unreachable' }
  | { ok: false; kind: 'failed' }
  | Special;

/**
 * Reads a call's result into an Outcome. special reads a refusal more closely; when it gives null, the
 * refusal is an ordinary one.
 */
export function readOutcome<T, Special = never>(
  result: ApiResult<unknown>,
  schema: z.ZodType<T>,
  special?: (refusal: Refusal) => Special | null,
): Outcome<T, Special> {
  if (result.ok) {
    const parsed = schema.safeParse(result.responseJSON);
    return parsed.success
      ? { ok: true, value: parsed.data, message: result.header.responseDesc }
      : { ok: false, kind: 'failed' };
  }
  switch (result.kind) {
    case 'refused': {
      // Its own toast would tell the user to switch back while the app already does it for them.
      if (result.header.responseCode === RESPONSE_CODE.PROXY_WITHDRAWN) return { ok: false, kind: 'session' };
      const read = special?.(result);
      if (read !== undefined && read !== null) return read;
      return {
        ok: false,
        kind: 'refused',
        status: result.status,
        code: result.header.responseCode,
        message: result.header.responseDesc,
      };
    }
    case 'session':
      return { ok: false, kind: 'session' };
    case 'aborted':
      return { ok: false, kind: 'aborted' };
    case 'network':
    case 'timeout':
      return { ok: false, kind: 'unreachable' };
    default:
      return { ok: false, kind: 'failed' };
  }
}
