import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readOutcome } from './outcome.ts';
import type { ApiResult } from './types.ts';

const schema = z.object({ n: z.number() });
const refused = (code: string, responseJSON: unknown = null): ApiResult<unknown> => ({
  ok: false,
  kind: 'refused',
  status: Number(code),
  header: { responseCode: code, responseDesc: `said ${code}` },
  responseJSON,
});

describe('readOutcome', () => {
  it('gives the checked answer with the server’s message, and fails an answer that does not fit', () => {
    const ok = (responseJSON: unknown): ApiResult<unknown> => ({
      ok: true,
      status: 200,
      header: { responseCode: '200', responseDesc: 'Done.' },
      responseJSON,
    });
    expect(readOutcome(ok({ n: 1 }), schema)).toEqual({ ok: true, value: { n: 1 }, message: 'Done.' });
    expect(readOutcome(ok({ n: 'one' }), schema)).toEqual({ ok: false, kind: 'failed' });
  });

  it('reads a refusal with its code and words, or as the feature reads it more closely', () => {
    expect(readOutcome(refused('403'), schema)).toEqual({
      ok: false,
      kind: 'refused',
      status: 403,
      code: '403',
      message: 'said 403',
    });
    const special = (r: { status: number }) => (r.status === 409 ? ({ ok: false, kind: 'stale' } as const) : null);
    expect(readOutcome(refused('409'), schema, special)).toEqual({ ok: false, kind: 'stale' });
    expect(readOutcome(refused('404'), schema, special)).toMatchObject({ kind: 'refused', status: 404 });
  });

  it('names the session, a screen left, no answer and no usable answer', () => {
    const read = (result: ApiResult<unknown>) => readOutcome(result, schema);
    expect(read({ ok: false, kind: 'session', reason: 'unauthorized', status: 401, header: null })).toEqual({
      ok: false,
      kind: 'session',
    });
    expect(read({ ok: false, kind: 'aborted' })).toEqual({ ok: false, kind: 'aborted' });
    expect(read({ ok: false, kind: 'network' })).toEqual({ ok: false, kind: 'unreachable' });
    expect(read({ ok: false, kind: 'timeout' })).toEqual({ ok: false, kind: 'unreachable' });
    expect(read({ ok: false, kind: 'server', status: 500, header: null })).toEqual({ ok: false, kind: 'failed' });
  });

  it('reads a withdrawn proxy grant as the session’s business, so the screen adds no toast of its own', () => {
    // The proxy feature switches the user back and says why once (docs/decisions/0029); a screen that showed
    // the refusal too told the user to switch back while the app already had.
    expect(readOutcome(refused('4110'), schema)).toEqual({ ok: false, kind: 'session' });
    const special = () => ({ ok: false, kind: 'fields' }) as const;
    expect(readOutcome(refused('4110'), schema, special)).toEqual({ ok: false, kind: 'session' });
  });
});
