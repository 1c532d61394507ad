import { describe, expect, it } from 'vitest';
import { stepFailure } from './step-failure.ts';
import type { ApiFailure } from './types.ts';

const fallback = (status: number) => `failed ${status}`;
const header = (responseCode: string, responseDesc: string) => ({ responseCode, responseDesc });

describe('stepFailure', () => {
  it('reads no answer at all as unreachable', () => {
    for (const kind of ['network', 'timeout', 'aborted'] as const) {
      expect(stepFailure({ ok: false, kind }, fallback)).toEqual({ kind: 'unreachable' });
    }
  });

  it("keeps the server's code and words for a refusal, a session end and a server error", () => {
    const failures: ApiFailure[] = [
      { ok: false, kind: 'refused', status: 200, header: header('4001', 'Wrong code.'), responseJSON: null },
      { ok: false, kind: 'session', reason: 'forbidden', status: 403, header: header('403', 'Wrong code.') },
      { ok: false, kind: 'server', status: 503, header: header('503', 'Wrong code.') },
    ];
    expect(failures.map((f) => stepFailure(f, fallback))).toEqual([
      { kind: 'refused', code: '4001', message: 'Wrong code.' },
      { kind: 'refused', code: '403', message: 'Wrong code.' },
      { kind: 'refused', code: '503', message: 'Wrong code.' },
    ]);
  });

  it('words the refusal with the fallback when the answer said nothing', () => {
    expect(stepFailure({ ok: false, kind: 'server', status: 502, header: null }, fallback)).toEqual({
      kind: 'refused',
      code: '502',
      message: 'failed 502',
    });
    expect(
      stepFailure(
        { ok: false, kind: 'refused', status: 200, header: header('4100', ''), responseJSON: null },
        fallback,
      ),
    ).toEqual({
      kind: 'refused',
      code: '4100',
      message: 'failed 200',
    });
    expect(stepFailure({ ok: false, kind: 'http', status: 404, message: 'Not Found' }, fallback)).toEqual({
      kind: 'refused',
      code: '404',
      message: 'failed 404',
    });
    expect(stepFailure({ ok: false, kind: 'bad-answer', status: 200, message: 'not JSON' }, fallback)).toEqual({
      kind: 'refused',
      code: '200',
      message: 'failed 200',
    });
  });
});
