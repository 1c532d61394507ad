import { createSecretKey, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  PAYLOAD_CRYPTO,
  PAYLOAD_ERRORS,
  PayloadError,
  createRequestKey,
  fromBase64,
  generatePayloadKeyPair,
  importPrivateKey,
  importPublicKey,
  openAnswer,
  openRequest,
  sealAnswer,
  sealRequest,
  toBase64,
  webCryptoCipher,
  type EncryptedRequest,
  type PayloadFailure,
} from '#contract/crypto/index.ts';
import { nodePayloadCipher } from './payload-cipher.ts';
import { privateKeyObjectOf } from './payload-key.ts';
import { UnwrappedKeys } from './unwrapped-keys.ts';

const pair = await generatePayloadKeyPair();
const publicKey = await importPublicKey(pair.publicJwk);
const webPrivateKey = await importPrivateKey(pair.privateJwk);
const privateKey = privateKeyObjectOf(pair.privateJwk);
const PATH = '/profile/retrieveProfile';
const RSA_OAEP = { name: 'RSA-OAEP' } as const;
const encoder = new TextEncoder();

/** The node cipher's way into the contract's openRequest (the server's call). */
const openOnNode = (body: EncryptedRequest, now: number, path = PATH) =>
  openRequest(privateKey, path, body, now, undefined, nodePayloadCipher);

const reasonOf = async (promise: Promise<unknown>): Promise<PayloadFailure | 'opened'> => {
  try {
    await promise;
    return 'opened';
  } catch (error) {
    if (!(error instanceof PayloadError)) throw error;
    expect(error.message).toBe(PAYLOAD_ERRORS[error.reason]);
    return error.reason;
  }
};

/** What WebCrypto and node:crypto each make of one request body: both must say the same. */
async function bothSay(body: EncryptedRequest, now: number, path = PATH) {
  const web = await reasonOf(openRequest(webPrivateKey, path, body, now));
  const node = await reasonOf(openOnNode(body, now, path));
  expect(node).toBe(web);
  return node;
}

const rsaEncryptKey = await crypto.subtle.importKey(
  'jwk',
  { kty: 'RSA', n: pair.publicJwk.n, e: pair.publicJwk.e, alg: 'RSA-OAEP-256', ext: true },
  { name: 'RSA-OAEP', hash: 'SHA-256' },
  false,
  ['encrypt'],
);

/** A request made by hand with WebCrypto: any raw key bytes, any plaintext, any IV and additional data. */
async function handMade(options: {
  rawKey?: Uint8Array<ArrayBuffer>;
  plaintext?: Uint8Array<ArrayBuffer>;
  iv?: Uint8Array<ArrayBuffer>;
  additionalData?: string;
}): Promise<EncryptedRequest> {
  const rawKey = options.rawKey ?? crypto.getRandomValues(new Uint8Array(32));
  const iv = options.iv ?? crypto.getRandomValues(new Uint8Array(PAYLOAD_CRYPTO.IV_BYTES));
  const wrappedKey = await crypto.subtle.encrypt(RSA_OAEP, rsaEncryptKey, rawKey);
  const aesBytes = [16, 24, 32].includes(rawKey.length) ? rawKey : new Uint8Array(32);
  const aes = await crypto.subtle.importKey('raw', aesBytes, 'AES-GCM', false, ['encrypt']);
  const cipher = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv, additionalData: encoder.encode(options.additionalData ?? `request ${PATH}`) },
    aes,
    options.plaintext ?? encoder.encode(JSON.stringify({ ts: Date.now(), bind: true, data: { hand: 'made' } })),
  );
  return { wrappedKey: toBase64(wrappedKey), iv: toBase64(iv), cipher: toBase64(cipher) };
}

const flip = (base64: string, index: (length: number) => number, mask = 0x01): string => {
  const bytes = fromBase64(base64)!;
  bytes[index(bytes.length)]! ^= mask;
  return toBase64(bytes);
};

describe('the server opens requests sealed in the browser (WebCrypto) with node:crypto', () => {
  it('opens a request sealed by sealRequest, and answers one that openAnswer opens, bound to that request', async () => {
    const now = Date.now();
    const data = { loginName: 'ptib.demo', nested: [1, 'two', null], text: 'é ✓' };
    const sealed = await sealRequest(publicKey, PATH, data, now);
    const opened = await openOnNode(sealed.body, now + 1_000);
    expect(opened.data).toEqual(data);
    expect(opened.ts).toBe(now);
    expect(opened.answerKey.key.type).toBe('secret');
    expect(opened.answerKey.boundIv).toEqual(fromBase64(sealed.body.iv));

    const text = JSON.stringify({ header: { responseCode: '200' }, responseJSON: { loginName: 'ptib.demo' } });
    const answer = await sealAnswer(opened.answerKey, PATH, text, nodePayloadCipher);
    expect(fromBase64(answer.iv)).toHaveLength(PAYLOAD_CRYPTO.IV_BYTES);
    expect(answer.iv).not.toBe(sealed.body.iv);
    expect(await openAnswer(sealed.answerKey, PATH, answer)).toBe(text);
    // An empty answer too (a route that sends nothing).
    expect(
      await openAnswer(sealed.answerKey, PATH, await sealAnswer(opened.answerKey, PATH, '', nodePayloadCipher)),
    ).toBe('');
  });

  it("binds answers under a reused key to their own request: one's answer does not open as another's", async () => {
    const now = Date.now();
    const requestKey = await createRequestKey(publicKey, now);
    const keys = new UnwrappedKeys();
    const first = await sealRequest(publicKey, PATH, { n: 1 }, now, requestKey);
    const second = await sealRequest(publicKey, PATH, { n: 2 }, now, requestKey);
    const openedFirst = await openRequest(privateKey, PATH, first.body, now, keys, nodePayloadCipher);
    const openedSecond = await openRequest(privateKey, PATH, second.body, now, keys, nodePayloadCipher);
    expect([openedFirst.data, openedSecond.data]).toEqual([{ n: 1 }, { n: 2 }]);
    // One unwrap for the two: the second came from the cache, the same KeyObject.
    expect(keys.size).toBe(1);
    expect(openedSecond.answerKey.key).toBe(openedFirst.answerKey.key);

    const answerToFirst = await sealAnswer(openedFirst.answerKey, PATH, '{"n":1}', nodePayloadCipher);
    expect(await openAnswer(first.answerKey, PATH, answerToFirst)).toBe('{"n":1}');
    await expect(openAnswer(second.answerKey, PATH, answerToFirst)).rejects.toMatchObject({ reason: 'integrity' });
    await expect(openAnswer(first.answerKey, '/otp/verifyOtp', answerToFirst)).rejects.toMatchObject({
      reason: 'integrity',
    });
  });

  it('answers a request without "bind" (a page from before) unbound, as it expects', async () => {
    const rawKey = crypto.getRandomValues(new Uint8Array(32));
    const body = await handMade({
      rawKey,
      plaintext: encoder.encode(JSON.stringify({ ts: Date.now(), data: { old: true } })),
    });
    const opened = await openOnNode(body, Date.now());
    expect(opened.data).toEqual({ old: true });
    expect(opened.answerKey.boundIv).toBeNull();
    const answer = await sealAnswer(opened.answerKey, PATH, 'ok', nodePayloadCipher);
    const aes = await crypto.subtle.importKey('raw', rawKey, 'AES-GCM', false, ['decrypt']);
    expect(await openAnswer({ key: aes, boundIv: null }, PATH, answer)).toBe('ok');
  });

  it('makes exactly the bytes WebCrypto makes (cipher with its 16-byte tag appended), and opens them', async () => {
    for (const bytes of [16, 24, 32]) {
      const raw = crypto.getRandomValues(new Uint8Array(bytes));
      const webKey = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
      const nodeKey: KeyObject = createSecretKey(raw);
      const iv = crypto.getRandomValues(new Uint8Array(PAYLOAD_CRYPTO.IV_BYTES));
      const aad = encoder.encode(`answer ${PATH}`);
      for (const length of [0, 1, 15, 16, 17, 1000]) {
        const plaintext = crypto.getRandomValues(new Uint8Array(length));
        const web = new Uint8Array(await webCryptoCipher.encrypt(webKey, iv, aad, plaintext));
        const node = new Uint8Array(nodePayloadCipher.encrypt(nodeKey, iv, aad, plaintext) as Uint8Array);
        expect(node).toEqual(web);
        expect(node).toHaveLength(length + 16);
        expect(new Uint8Array(nodePayloadCipher.decrypt(nodeKey, iv, aad, new Uint8Array(web)) as Uint8Array)).toEqual(
          plaintext,
        );
      }
    }
  });
});

describe('the node cipher refuses what WebCrypto refuses, for the same reason', () => {
  it('a flipped byte of the cipher, of its tag, of the IV, or of the wrapped key', async () => {
    const now = Date.now();
    const { body } = await sealRequest(publicKey, PATH, { a: 1 }, now);
    expect(await bothSay(body, now)).toBe('opened');
    expect(await bothSay({ ...body, cipher: flip(body.cipher, () => 0) }, now)).toBe('integrity');
    expect(await bothSay({ ...body, cipher: flip(body.cipher, (n) => n - 20, 0x80) }, now)).toBe('integrity');
    // The tag: the last 16 bytes.
    expect(await bothSay({ ...body, cipher: flip(body.cipher, (n) => n - 1) }, now)).toBe('integrity');
    expect(await bothSay({ ...body, cipher: flip(body.cipher, (n) => n - 16) }, now)).toBe('integrity');
    expect(await bothSay({ ...body, iv: flip(body.iv, () => 5) }, now)).toBe('integrity');
    expect(await bothSay({ ...body, wrappedKey: flip(body.wrappedKey, (n) => n - 1) }, now)).toBe('unwrap');
    expect(await bothSay({ ...body, wrappedKey: flip(body.wrappedKey, () => 0, 0x80) }, now)).toBe('unwrap');
  });

  it('another path, an answer sent as a request, another key pair', async () => {
    const now = Date.now();
    const sealed = await sealRequest(publicKey, PATH, {}, now);
    expect(await bothSay(sealed.body, now, '/otp/verifyOtp')).toBe('integrity');
    const opened = await openOnNode(sealed.body, now);
    const answer = await sealAnswer(opened.answerKey, PATH, '{}', nodePayloadCipher);
    expect(await bothSay({ ...answer, wrappedKey: sealed.body.wrappedKey }, now)).toBe('integrity');
    expect(await bothSay(await handMade({ additionalData: `answer ${PATH}` }), now)).toBe('integrity');

    const other = await generatePayloadKeyPair();
    const elsewhere = await sealRequest(await importPublicKey(other.publicJwk), PATH, {}, now);
    expect(await bothSay(elsewhere.body, now)).toBe('unwrap');
  });

  it('a cipher shorter than its tag, or only a (wrong) tag', async () => {
    const now = Date.now();
    const { body } = await sealRequest(publicKey, PATH, {}, now);
    const cipher = fromBase64(body.cipher)!;
    for (const length of [0, 1, 15, 16, cipher.length - 1]) {
      expect(await bothSay({ ...body, cipher: toBase64(cipher.subarray(0, length)) }, now), `${length} bytes`).toBe(
        'integrity',
      );
    }
    // The tag alone is the last 16 bytes: it does not verify an empty cipher.
    expect(await bothSay({ ...body, cipher: toBase64(cipher.subarray(cipher.length - 16)) }, now)).toBe('integrity');
  });

  it('an IV or wrapped key of the wrong size, before any cryptography', async () => {
    const now = Date.now();
    const { body } = await sealRequest(publicKey, PATH, {}, now);
    for (const bytes of [0, 8, 11, 13, 16]) {
      expect(await bothSay({ ...body, iv: toBase64(new Uint8Array(bytes)) }, now)).toBe('iv');
    }
    const wrapped = fromBase64(body.wrappedKey)!;
    for (const bytes of [0, 256, wrapped.length - 1, wrapped.length + 1, 512]) {
      const wrong = new Uint8Array(bytes);
      wrong.set(wrapped.subarray(0, Math.min(bytes, wrapped.length)));
      expect(await bothSay({ ...body, wrappedKey: toBase64(wrong) }, now)).toBe('wrappedKey');
    }
  });

  it('an unwrapped key that is not a raw AES key (WebCrypto takes 128, 192 and 256 bits)', async () => {
    const now = Date.now();
    for (const bytes of [0, 1, 15, 31, 33, 64]) {
      expect(await bothSay(await handMade({ rawKey: new Uint8Array(bytes).fill(7) }), now), `${bytes} bytes`).toBe(
        'unwrap',
      );
    }
    for (const bytes of [16, 24, 32]) {
      const body = await handMade({ rawKey: crypto.getRandomValues(new Uint8Array(bytes)) });
      expect(await bothSay(body, now), `${bytes} bytes`).toBe('opened');
    }
  });

  it('plaintext that is not UTF-8, not { ts, data } JSON, or out of its time window', async () => {
    const now = Date.now();
    expect(await bothSay(await handMade({ plaintext: new Uint8Array([0xff, 0xfe, 0x7b]) }), now)).toBe('integrity');
    expect(await bothSay(await handMade({ plaintext: encoder.encode('not json') }), now)).toBe('content');
    expect(await bothSay(await handMade({ plaintext: new Uint8Array(0) }), now)).toBe('content');
    expect(await bothSay(await handMade({ plaintext: encoder.encode('{"ts":1}') }), now)).toBe('content');
    const late = encoder.encode(JSON.stringify({ ts: now - PAYLOAD_CRYPTO.TIMESTAMP_WINDOW_MS - 1, data: {} }));
    expect(await bothSay(await handMade({ plaintext: late }), now)).toBe('timestamp');
  });

  it('never caches a failed unwrap', async () => {
    const keys = new UnwrappedKeys();
    const body = await handMade({ rawKey: new Uint8Array(31) });
    expect(await reasonOf(openRequest(privateKey, PATH, body, Date.now(), keys, nodePayloadCipher))).toBe('unwrap');
    expect(keys.size).toBe(0);
  });
});

describe('the node cipher’s IVs', () => {
  it('are fresh every time, across refills of the random pool they are cut from, and each its own copy', () => {
    const ivs = Array.from({ length: 1_000 }, () => nodePayloadCipher.randomIv());
    expect(ivs.every((iv) => iv.length === PAYLOAD_CRYPTO.IV_BYTES && iv.byteOffset === 0)).toBe(true);
    expect(ivs.every((iv) => iv.buffer.byteLength === PAYLOAD_CRYPTO.IV_BYTES)).toBe(true);
    expect(new Set(ivs.map((iv) => Buffer.from(iv).toString('hex'))).size).toBe(ivs.length);
  });
});
