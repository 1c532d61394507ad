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

/**
 * Verifies signature (our algorithm only, our own kid only), issuer, audience, nbf and exp. Answers the
 * claims, or null for any token that is not good. The caller still checks the session is live.
 */
export async function verifyToken(keys: SigningKeys, token: string, now: Date): Promise<TokenClaims | null> {
  try {
    const { payload } = await jwtVerify(
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
    return { sessionId: payload.sid, accountId: payload.sub };
  } catch (error) {
    // The key list could not be read: the token may well be good, so this is an outage (503), not a bad
    // token (403 Forbidden, which would sign the user out).
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  }
}
