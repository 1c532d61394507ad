import { z } from 'zod';
import { PAYLOAD_CRYPTO, PAYLOAD_ERRORS } from '../crypto/payload.ts';

/** Why one of an encrypted call's three fields is refused, before anything is decrypted. */
export const ENCRYPTED_FIELD_ERRORS = {
  missing: (name: string) => `Encrypted payload: ${name} is missing; ${PAYLOAD_ERRORS.plain}`,
  /** There, but a number, null, an array or an object: it is not missing, so that would mislead. */
  notText: (name: string) => `Encrypted payload: ${name} must be a string of base64.`,
  empty: (name: string) => `Encrypted payload: ${name} is empty.`,
  tooLong: (name: string) => `Encrypted payload: ${name} is too long.`,
} as const;

/** An encrypted call's body (contract/crypto): exactly these three base64 strings, nothing in plain text beside them. */
const base64Field = (name: string, max: number) =>
  z
    .string({
      error: (issue) =>
        issue.input === undefined ? ENCRYPTED_FIELD_ERRORS.missing(name) : ENCRYPTED_FIELD_ERRORS.notText(name),
    })
    .min(1, ENCRYPTED_FIELD_ERRORS.empty(name))
    .max(max, ENCRYPTED_FIELD_ERRORS.tooLong(name));

export const encryptedRequestSchema = z.strictObject(
  {
    wrappedKey: base64Field('wrappedKey', 4096),
    iv: base64Field('iv', 64),
    cipher: base64Field('cipher', PAYLOAD_CRYPTO.MAX_CIPHER_CHARS),
  },
  { error: PAYLOAD_ERRORS.plain },
);

export const encryptedAnswerSchema = z.object({
  wrappedKey: z.literal('').optional(),
  iv: z.string(),
  cipher: z.string(),
});

/** GET /api/public-key: the server's RSA-OAEP public key as a JWK (RFC 7517), not an envelope. */
export const publicPayloadJwkSchema = z.object({
  kty: z.literal('RSA'),
  n: z.string(),
  e: z.string(),
  alg: z.literal(PAYLOAD_CRYPTO.JWK_ALG),
  use: z.literal('enc'),
  kid: z.string(),
});
