import { describe, expect, it } from 'vitest';
import type { PayloadCryptoKey } from '#contract/crypto/index.ts';
import { UnwrappedKeys } from './unwrapped-keys.ts';

const key = (name: string) => ({ name }) as unknown as PayloadCryptoKey;

describe('the unwrapped request keys of a process', () => {
  it('gives back what it was given, by wrappedKey', () => {
    const keys = new UnwrappedKeys<PayloadCryptoKey>(3);
    keys.set('w1', key('k1'));
    expect(keys.get('w1')).toEqual(key('k1'));
    expect(keys.get('w2')).toBeUndefined();
  });

  it('is bounded: past its size the least recently used key goes first', () => {
    const keys = new UnwrappedKeys<PayloadCryptoKey>(3);
    for (const n of [1, 2, 3]) keys.set(`w${n}`, key(`k${n}`));
    keys.get('w1'); // used again: w2 is now the oldest
    keys.set('w4', key('k4'));
    expect(keys.size).toBe(3);
    expect(keys.get('w2')).toBeUndefined();
    for (const n of [1, 3, 4]) expect(keys.get(`w${n}`)).toEqual(key(`k${n}`));
    for (let n = 5; n < 1_000; n++) keys.set(`w${n}`, key(`k${n}`));
    expect(keys.size).toBe(3);
  });
});
