import type { KeyObject } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isEncryptedCall } from '#contract/index.ts';
import { PAYLOAD_ERRORS, PayloadError, openRequest, sealAnswer, type AnswerKey } from '#contract/crypto/index.ts';
import { encryptedRequestSchema } from '#contract/schemas/crypto.ts';
import { nodePayloadCipher } from '../security/payload-cipher.ts';
import { PayloadKeyStore, readPrivateKeyFile } from '../security/payload-key.ts';
import { ReplayGuard } from '../security/payload-replay.ts';
import { UnwrappedKeys } from '../security/unwrapped-keys.ts';
import { badRequest } from './errors.ts';

const ENCRYPTED_FIELDS = ['wrappedKey', 'iv', 'cipher'] as const;

declare module 'fastify' {
  interface FastifyInstance {
    /** The payload-encryption key pair (GET /api/public-key publishes its public half). */
    payloadKeys: PayloadKeyStore;
    /** Request keys already unwrapped by this process (clients reuse one for a while). */
    unwrappedKeys: UnwrappedKeys;
  }
  interface FastifyRequest {
    /** Set when the request arrived encrypted: its answer is encrypted under the same key. */
    payloadKey: AnswerKey<KeyObject> | null;
  }
}

export interface PayloadEncryptionOptions {
  apiBase: string;
  /** PEM file of the private key (config PAYLOAD_PRIVATE_KEY_FILE); unset: the key kept in the database. */
  privateKeyFile?: string;
  /** The server's clock (epoch ms), for the timestamp window and the replay memory. */
  now?: () => number;
}

/**
 * Encrypted payloads for the calls of ENCRYPTED_CALL_PATHS (contract/calls.ts), around plain-JSON route
 * handlers: preValidation decrypts the body (so the route's own schema validates the plaintext), onSend
 * encrypts whatever answer leaves, errors included. Refusals are 400s whose responseDesc says why; keys and
 * plaintexts are never logged. Called on the root instance before any route, so its hooks cover them all.
 */
export function registerPayloadEncryption(app: FastifyInstance, options: PayloadEncryptionOptions): void {
  const now = options.now ?? Date.now;
  const configured = options.privateKeyFile ? readPrivateKeyFile(options.privateKeyFile) : null;
  const keys = new PayloadKeyStore(app.db, configured);
  const replays = new ReplayGuard(app.db);
  const unwrapped = new UnwrappedKeys();
  const prefix = options.apiBase === '/' ? '' : options.apiBase;

  /** The call's path as the contract names it (without the API base), or null for no route. */
  const callPath = (request: FastifyRequest): string | null => {
    const url = request.routeOptions.url;
    if (!url) return null;
    return prefix && url.startsWith(prefix) ? url.slice(prefix.length) : url;
  };

  app.decorate('payloadKeys', keys);
  app.decorate('unwrappedKeys', unwrapped);
  app.decorateRequest('payloadKey', null);

  app.addHook('preValidation', async (request) => {
    const path = callPath(request);
    if (path === null || !isEncryptedCall(path)) return;
    const body = request.body;
    // A body with none of the three fields was sent in plain text: say that, rather than name a field.
    if (typeof body !== 'object' || body === null || !ENCRYPTED_FIELDS.some((field) => field in body))
      throw badRequest(PAYLOAD_ERRORS.plain);
    const shape = encryptedRequestSchema.safeParse(body);
    if (!shape.success) throw badRequest(shape.error.issues[0]?.message ?? PAYLOAD_ERRORS.plain);
    const { privateKey } = await keys.get();
    const at = now();
    let opened;
    try {
      // The format is the contract's; its primitives run on node:crypto (docs/decisions/0021: WebCrypto's overhead).
      opened = await openRequest(privateKey, path, shape.data, at, unwrapped, nodePayloadCipher);
    } catch (error) {
      if (!(error instanceof PayloadError)) throw error;
      request.log.info({ reason: error.reason }, 'encrypted payload refused');
      throw badRequest(error.message);
    }
    if (!(await replays.remember(ReplayGuard.digest(opened.wrappedKey, opened.iv), at))) {
      request.log.warn({ reason: 'replay' }, 'encrypted payload refused');
      throw badRequest(PAYLOAD_ERRORS.replay);
    }
    request.payloadKey = opened.answerKey;
    request.body = opened.data;
  });

  app.addHook('onSend', async (request, _reply, payload) => {
    const key = request.payloadKey;
    const path = callPath(request);
    if (!key || path === null) return payload;
    let text: string;
    if (payload === null || payload === undefined) text = '';
    else if (typeof payload === 'string') text = payload;
    else if (Buffer.isBuffer(payload)) text = payload.toString('utf8');
    // Streams are not answered by these calls; sending one unencrypted would leak what this plugin protects.
    else throw new Error(`cannot encrypt a streamed answer for ${path}`);
    // The content type stays as the route set it: authenticate's answer is still "a text body holding JSON".
    return JSON.stringify(await sealAnswer(key, path, text, nodePayloadCipher));
  });
}
