import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP } from '#contract/index.ts';

/** A fresh code: CODE_LENGTH uniformly random digits from the system's CSPRNG. */
export function generateCode(): string {
  return String(randomInt(0, 10 ** OTP.CODE_LENGTH)).padStart(OTP.CODE_LENGTH, '0');
}

/**
 * What is stored of a code: HMAC-SHA-256 under the server's secret, bound to its pending sign-in. Without
 * the secret a stolen hash cannot be tested against the million possible codes.
 */
export function hashCode(secret: Buffer, challengeHash: string, code: string): string {
  return createHmac('sha256', secret).update(`${challengeHash}:${code}`).digest('hex');
}

/** Compares in constant time, so how long a wrong code takes tells nothing about the right one. */
export function codeMatches(secret: Buffer, challengeHash: string, storedHash: string, candidate: string): boolean {
  const expected = Buffer.from(storedHash, 'hex');
  const actual = Buffer.from(hashCode(secret, challengeHash, candidate), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
