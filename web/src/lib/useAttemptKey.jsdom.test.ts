import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAttemptKey } from './useAttemptKey.ts';

describe('useAttemptKey', () => {
  it('keeps the key of each request that got no answer, until an answer comes', () => {
    const { result } = renderHook(() => useAttemptKey());
    const attempts = result.current;
    const first = attempts.keyFor('mark 2');
    attempts.settle('mark 2', first, false);
    // The officer goes on to the next row, whose answer is lost too, then sends the first again.
    const second = attempts.keyFor('mark 3');
    attempts.settle('mark 3', second, false);
    expect(attempts.keyFor('mark 2')).toBe(first);
    expect(attempts.keyFor('mark 3')).toBe(second);
    attempts.settle('mark 2', first, true);
    expect(attempts.keyFor('mark 2')).not.toBe(first);
    expect(attempts.keyFor('mark 3')).toBe(second);
  });
});
