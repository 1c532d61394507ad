import { describe, expect, it } from 'vitest';
import { VerifiedTokens } from './tokens.ts';

const entry = (n: number) => ({ claims: { sessionId: `s${n}`, accountId: '1' }, kid: 'k', exp: n, nbf: 0 });

describe('the tokens a process has verified', () => {
  it('is bounded: past its size the least recently used token goes first', () => {
    const tokens = new VerifiedTokens(2);
    tokens.set('t1', entry(1));
    tokens.set('t2', entry(2));
    tokens.get('t1');
    tokens.set('t3', entry(3));
    expect(tokens.size).toBe(2);
    expect(tokens.get('t2')).toBeUndefined();
    expect(tokens.get('t1')).toEqual(entry(1));
    expect(tokens.get('t3')).toEqual(entry(3));
  });
});
