import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, type JWTHeaderParameters } from 'jose';
import { isDatabaseUnavailable } from '../plugins/errors.ts';
import { TOKEN_ALG, type SigningKeys } from './keys.ts';

/** Who issues session tokens and for whom: a token from anywhere else is refused. */
export const TOKEN_ISSUER = 'ptib-eservices';
export const TOKEN_AUDIENCE = 'ptib-eservices-portal';
/** Small allowance for clocks of several server processes; the session row is checked exactly. */
const CLOCK_TOLERANCE_S = 5;

export interface TokenClaims {
  sessionId: string;
  accountId: string;
}

/** Signs a session token that expires with the session's current idle expiry. */
export async function issueToken(
  keys: SigningKeys,
  claims: TokenClaims,
  issuedAt: Date,
  expiresAt: Date,
): Promise<string> {
  const key = await keys.signingKey();
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: TOKEN_ALG, kid: key.kid, typ: 'JWT' })
    .setIssuer(TOKEN_ISSUER)
    .setAudience(TOKEN_AUDIENCE)
    .setSubject(claims.accountId)
    .setJti(randomUUID())
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .setExpirationTime(expiresAt)
    .sign(key.privateKey);
}

interface Verified {
  claims: TokenClaims;
  kid: string;
  exp: number;
  nbf: number;
}

/**
 * Tokens this process has verified, by their exact text: a tab sends the same token with every call until
 * its next refresh, and checking an ES256 signature again tells nothing new. What can change is checked
 * on every hit: the time (exp, nbf, as jose checks them) and that the signing key is still live.
 * Bounded; the least recently used token goes first. A cache: a miss just verifies.
 */
export class VerifiedTokens {
  readonly #max: number;
  readonly #tokens = new Map<string, Verified>();

  constructor(max = 5_000) {
    this.#max = max;
  }

  get(token: string): Verified | undefined {
    const hit = this.#tokens.get(token);
    if (hit) {
      this.#tokens.delete(token);
      this.#tokens.set(token, hit);
    }
    return hit;
  }

  set(token: string, verified: Verified): void {
    this.#tokens.set(token, verified);
    while (this.#tokens.size > this.#max) {
      const oldest = this.#tokens.keys().next().value;
      if (oldest === undefined) break;
      this.#tokens.delete(oldest);
    }
  }

  get size(): number {
    return this.#tokens.size;
  }
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * Verifies signature (our algorithm only, our own kid only), issuer, audience, nbf and exp. Answers the
 * claims, or null for any token that is not good. The caller still checks the session is live. With
 * `verified`, a token verified before is not verified again: only its times and its key's liveness are.
 */
export async function verifyToken(
  keys: SigningKeys,
  token: string,
  now: Date,
  verified?: VerifiedTokens,
): Promise<TokenClaims | null> {
  const hit = verified?.get(token);
  if (hit) {
    const t = epochSeconds(now);
    if (hit.nbf > t + CLOCK_TOLERANCE_S || hit.exp <= t - CLOCK_TOLERANCE_S) return null;
    return (await keys.verificationKey(hit.kid)) ? hit.claims : null;
  }
  try {
    const { payload, protectedHeader } = await jwtVerify(
      token,
      async (header: JWTHeaderParameters) => {
        if (typeof header.kid !== 'string') throw new Error('token has no kid');
        const key = await keys.verificationKey(header.kid);
        if (!key) throw new Error('unknown kid');
        return key;
      },
      {
        algorithms: [TOKEN_ALG],
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        currentDate: now,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sid', 'sub', 'exp', 'iat', 'nbf'],
        typ: 'JWT',
      },
    );
    if (typeof payload.sid !== 'string' || typeof payload.sub !== 'string') return null;
    const claims = { sessionId: payload.sid, accountId: payload.sub };
    verified?.set(token, { claims, kid: protectedHeader.kid!, exp: payload.exp!, nbf: payload.nbf! });
    return claims;
  } catch (error) {
    // The key list could not be read: the token may well be good, so this is an outage (503), not a bad
    // token (403 Forbidden, which would sign the user out).
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  }
}
