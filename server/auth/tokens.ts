import { randomUUID, type KeyObject } from 'node:crypto';
import { createDecoder, createSigner, createVerifier } from 'fast-jwt';
import { LRUCache } from 'lru-cache';
import { isDatabaseUnavailable } from '../plugins/errors.ts';
import { TOKEN_ALG, type LiveKey, type SigningKeys } from './keys.ts';

/** Who issues session tokens and for whom: a token from anywhere else is refused. */
export const TOKEN_ISSUER = 'ptib-eservices';
export const TOKEN_AUDIENCE = 'ptib-eservices-portal';
/** Small allowance for clocks of several server processes; the session row is checked exactly. */
const CLOCK_TOLERANCE_S = 5;
/** iss and aud too: fast-jwt checks a claim's value only when the claim is there. */
const REQUIRED_CLAIMS = ['sid', 'sub', 'exp', 'iat', 'nbf', 'iss', 'aud'];

export interface TokenClaims {
  sessionId: string;
  accountId: string;
  /**
   * The session's token generation this token was issued for (claim `gen`, docs/decisions/0029): a refresh
   * rotates it. A token without the claim (issued before rotation) counts as generation 0.
   */
  generation: number;
  /**
   * The account is an officer's (claim `officer`, docs/decisions/0049): for the browser, which then does not
   * ask for the PTIB profile the server refuses an officer. The server never reads it back: every call reads
   * the account's authorities from the database.
   */
  officer?: boolean;
}

const epochSeconds = (date: Date) => Math.floor(date.getTime() / 1000);

/*
 * Tokens are signed and verified with fast-jwt, on node:crypto (docs/decisions/0021): the same compact ES256
 * JWS as jose makes, so tokens of either verify with the other. One signer and one verifier per key object,
 * made on first use and dropped with the key.
 */
type Sign = (payload: Record<string, unknown>) => string;
type SigningKey = Pick<LiveKey, 'kid' | 'privateKey'>;
const signers = new WeakMap<KeyObject, Sign>();

function signerFor(key: SigningKey): Sign {
  let sign = signers.get(key.privateKey);
  if (!sign) {
    const pem = key.privateKey.export({ type: 'pkcs8', format: 'pem' });
    sign = createSigner({ key: pem, algorithm: TOKEN_ALG, kid: key.kid }); // header: alg, typ JWT, kid
    signers.set(key.privateKey, sign);
  }
  return sign;
}

/** Signs a session token that expires with the session's current idle expiry. */
export async function issueToken(
  keys: SigningKeys,
  claims: TokenClaims,
  issuedAt: Date,
  expiresAt: Date,
  verified?: VerifiedTokens,
): Promise<string> {
  const key = await keys.signingKey();
  const token = signToken(key, claims, issuedAt, expiresAt);
  // What this process signed it need not verify when the client sends it back (its next call, its next
  // refresh): it is remembered as verified, and a hit still checks the times and the key's liveness.
  verified?.set(token, { claims, kid: key.kid, exp: epochSeconds(expiresAt), nbf: epochSeconds(issuedAt) });
  return token;
}

/** issueToken with the key in hand (the benches sign with it too). */
export function signToken(key: SigningKey, claims: TokenClaims, issuedAt: Date, expiresAt: Date): string {
  return signerFor(key)({
    sid: claims.sessionId,
    iss: TOKEN_ISSUER,
    aud: TOKEN_AUDIENCE,
    sub: claims.accountId,
    gen: claims.generation,
    ...(claims.officer ? { officer: true } : {}),
    jti: randomUUID(),
    iat: epochSeconds(issuedAt),
    nbf: epochSeconds(issuedAt),
    exp: epochSeconds(expiresAt),
  });
}

export interface Verified {
  claims: TokenClaims;
  kid: string;
  exp: number;
  nbf: number;
}

/** exp and nbf against the caller's clock, with the tolerance, in whole seconds, as jose checks them. */
function timesHold({ exp, nbf }: { exp: number; nbf: number }, now: Date): boolean {
  const t = epochSeconds(now);
  return nbf <= t + CLOCK_TOLERANCE_S && exp > t - CLOCK_TOLERANCE_S;
}

class BadToken extends Error {}

const decodeComplete = createDecoder({ complete: true }) as (token: string) => {
  header: Record<string, unknown>;
  payload: Record<string, unknown>;
};

/** The kid a token names (not yet checked: the key it names does that), or null. */
export function tokenKid(token: string): string | null {
  try {
    const { kid } = decodeComplete(token).header;
    return typeof kid === 'string' ? kid : null;
  } catch {
    return null;
  }
}

/**
 * The whole check of a token against one public key: signature with ES256 only (alg none, HS256 made with
 * the public key's bytes and every other algorithm are refused before the signature is looked at), typ JWT,
 * no unknown crit, issuer, audience, the required claims, and the times with the caller's clock. Throws for
 * a bad token. No cache (our VerifiedTokens decides what is remembered, and for how long).
 */
export function tokenVerifier(publicKey: KeyObject): (token: string, now: Date) => Verified {
  const verify = createVerifier({
    key: publicKey.export({ type: 'spki', format: 'pem' }),
    algorithms: [TOKEN_ALG],
    allowedIss: TOKEN_ISSUER,
    allowedAud: TOKEN_AUDIENCE,
    checkTyp: 'JWT',
    requiredClaims: REQUIRED_CLAIMS,
    // Times are checked below with the caller's clock (fast-jwt would read Date.now()).
    ignoreExpiration: true,
    ignoreNotBefore: true,
    cache: false,
    complete: true,
  }) as (token: string) => { header: Record<string, unknown>; payload: Record<string, unknown> };
  return (token, now) => {
    const { header, payload } = verify(token);
    const { sid, sub, exp, nbf, iat, gen = 0 } = payload;
    if (typeof header.kid !== 'string' || typeof sid !== 'string' || typeof sub !== 'string') {
      throw new BadToken('claims of the wrong type');
    }
    if (typeof gen !== 'number' || !Number.isSafeInteger(gen) || gen < 0) throw new BadToken('bad generation');
    if (typeof exp !== 'number' || typeof nbf !== 'number' || typeof iat !== 'number') {
      throw new BadToken('times of the wrong type');
    }
    const verified = { claims: { sessionId: sid, accountId: sub, generation: gen }, kid: header.kid, exp, nbf };
    if (!timesHold(verified, now)) throw new BadToken('expired or not yet valid');
    return verified;
  };
}

const verifiers = new WeakMap<KeyObject, (token: string, now: Date) => Verified>();

function verifierFor(publicKey: KeyObject): (token: string, now: Date) => Verified {
  let verify = verifiers.get(publicKey);
  if (!verify) {
    verify = tokenVerifier(publicKey);
    verifiers.set(publicKey, verify);
  }
  return verify;
}

/**
 * Tokens this process has verified, by their exact text: a tab sends the same token with every call until
 * its next refresh, and checking an ES256 signature again tells nothing new. What can change is checked
 * on every hit: the time (exp, nbf, as timesHold checks them) and that the signing key is still live.
 * Bounded; the least recently used token goes first. A cache: a miss just verifies.
 */
export class VerifiedTokens extends LRUCache<string, Verified> {
  constructor(max = 5_000) {
    super({ max });
  }
}

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
    if (!timesHold(hit, now)) return null;
    return (await keys.verificationKey(hit.kid)) ? hit.claims : null;
  }
  try {
    const kid = tokenKid(token);
    if (kid === null) return null;
    const key = await keys.verificationKey(kid);
    if (!key) return null;
    const result = verifierFor(key)(token, now);
    verified?.set(token, result);
    return result.claims;
  } catch (error) {
    // The key list could not be read: the token may well be good, so this is an outage (503), not a bad
    // token (403 Forbidden, which would sign the user out).
    if (isDatabaseUnavailable(error)) throw error;
    return null;
  }
}
