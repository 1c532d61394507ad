import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLoad } from './useLoad.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

describe('useLoad', () => {
  it('is loading, then ready; a failure can be tried again', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    let call = 0;
    const { result } = renderHook(() => useLoad('k', () => answers[call++]!.promise));
    expect(result.current.state).toEqual({ kind: 'loading' });
    await act(async () => answers[0]!.reject(new Error('down')));
    expect(result.current.state).toEqual({ kind: 'failed' });
    act(() => result.current.retry());
    expect(result.current.state).toEqual({ kind: 'loading' });
    await act(async () => answers[1]!.resolve('fine'));
    expect(result.current.state).toEqual({ kind: 'ready', value: 'fine' });
  });

  it('drops a late answer for an earlier key, and shows nothing of it meanwhile', async () => {
    const byKey = new Map([
      ['a', deferred<string>()],
      ['b', deferred<string>()],
    ]);
    const signals: AbortSignal[] = [];
    const { result, rerender } = renderHook(
      ({ key }) => useLoad(key, (signal) => (signals.push(signal), byKey.get(key)!.promise)),
      {
        initialProps: { key: 'a' },
      },
    );
    rerender({ key: 'b' });
    expect(signals[0]?.aborted).toBe(true);
    await act(async () => byKey.get('a')!.resolve('for a'));
    expect(result.current.state).toEqual({ kind: 'loading' });
    await act(async () => byKey.get('b')!.resolve('for b'));
    await waitFor(() => expect(result.current.state).toEqual({ kind: 'ready', value: 'for b' }));
  });

  it('loads nothing for a null key', () => {
    let calls = 0;
    const { result } = renderHook(() => useLoad(null, async () => (calls++, 'x')));
    expect(result.current.state).toEqual({ kind: 'loading' });
    expect(calls).toBe(0);
  });

  it('with keep, shows the last answer while asking again for the same key, not for another', async () => {
    const answers = [deferred<string>(), deferred<string>(), deferred<string>()];
    let call = 0;
    const { result, rerender } = renderHook(({ key }) => useLoad(key, () => answers[call++]!.promise, { keep: true }), {
      initialProps: { key: 'a' },
    });
    await act(async () => answers[0]!.resolve('first'));
    act(() => result.current.retry());
    expect(result.current.state).toEqual({ kind: 'ready', value: 'first' });
    await act(async () => answers[1]!.resolve('second'));
    expect(result.current.state).toEqual({ kind: 'ready', value: 'second' });
    rerender({ key: 'b' });
    expect(result.current.state).toEqual({ kind: 'loading' });
  });
});
