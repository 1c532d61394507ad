import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { NODE_BASE64, PORTABLE_BASE64, fromBase64, toBase64, toBase64Url } from './base64.ts';
import {
  PAYLOAD_CRYPTO,
  PAYLOAD_ERRORS,
  PayloadError,
  createRequestKey,
  generatePayloadKeyPair,
  importPrivateKey,
  importPublicKey,
  jwkThumbprint,
  openAnswer,
  openRequest,
  requestKeyUsable,
  sealAnswer,
  sealRequest,
  type PayloadCryptoKey,
} from './payload.ts';

const pair = await generatePayloadKeyPair();
const publicKey = await importPublicKey(pair.publicJwk);
const privateKey = await importPrivateKey(pair.privateJwk);
const PATH = '/api/authenticate';

describe('base64', () => {
  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        expect(fromBase64(toBase64(bytes))).toEqual(bytes);
      }),
    );
  });

  it("uses Node's Buffer where there is one, and it agrees with btoa/atob on any bytes", () => {
    expect(NODE_BASE64).toBeDefined();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 600 }), fc.nat(8), (whole, skip) => {
        // A view into a larger array, as the ciphers are: only its own bytes may be encoded.
        const bytes = whole.subarray(Math.min(skip, whole.length));
        const text = PORTABLE_BASE64.encode(bytes);
        expect(NODE_BASE64!.encode(bytes)).toBe(text);
        expect(toBase64(bytes)).toBe(text);
        const decoded = NODE_BASE64!.decode(text);
        expect(decoded).toEqual(PORTABLE_BASE64.decode(text));
        expect(decoded.byteOffset).toBe(0);
        expect(decoded.buffer.byteLength).toBe(bytes.length);
      }),
    );
  });

  it.each(['A', 'AB=', 'AB===', 'A B=', 'ab*c', 'QUJD=', '====', 'QUJD\n'])('refuses malformed %j', (text) => {
    expect(fromBase64(text)).toBeNull();
  });

  it('writes base64url without padding', () => {
    expect(toBase64Url(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
  });
});

describe('key identity', () => {
  it('computes the RFC 7638 thumbprint of its example key', async () => {
    // RFC 7638 §3.1.
    const n =
      '0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W-5JsGY4Hc5n9yBXArwl93lqt7_RN5w6Cf0h4QyQ5v-65YGjQR0_FDW2QvzqY368QQMicAtaSqzs8KJZgnYb9c7d0zgdAZHzu6qMQvRL5hajrn1n91CbOpbISD08qNLyrdkt-bFTWhAI4vMQFh6WeZu0fM4lFd2NcRwr3XPksINHaQ-G_xBniIqbw0Ls1jF44-csFCur-kEgU8awapJzKnqDKgw';
    expect(await jwkThumbprint({ n, e: 'AQAB' })).toBe('NzbLsXh8uDCcd-6MNwXF4W_7noWXFZAfHkxZsRGC9Xs');
  });

  it('generates 3072-bit keys published with alg RSA-OAEP-256 and their thumbprint as kid', async () => {
    expect(pair.publicJwk.alg).toBe('RSA-OAEP-256');
    expect(pair.publicJwk.kid).toBe(await jwkThumbprint(pair.publicJwk));
    expect(Buffer.from(pair.publicJwk.n, 'base64url')).toHaveLength(PAYLOAD_CRYPTO.RSA_MODULUS_BITS / 8);
  });
});

const refused = async (promise: Promise<unknown>, reason: keyof typeof PAYLOAD_ERRORS) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(PayloadError);
  expect((error as PayloadError).reason).toBe(reason);
  expect((error as PayloadError).message).toBe(PAYLOAD_ERRORS[reason]);
};

describe('hybrid payloads', () => {
  it('round-trips a request and its answer', async () => {
    const now = Date.now();
    const data = { loginName: 'ptib.demo', password: 'Demo!2345', nested: [1, 'two', null] };
    const { body, answerKey } = await sealRequest(publicKey, PATH, data, now);
    expect(Object.keys(body).sort()).toEqual(['cipher', 'iv', 'wrappedKey']);
    expect(fromBase64(body.iv)).toHaveLength(PAYLOAD_CRYPTO.IV_BYTES);
    expect(fromBase64(body.wrappedKey)).toHaveLength(PAYLOAD_CRYPTO.RSA_MODULUS_BITS / 8);
    expect(JSON.stringify(body)).not.toContain('Demo!2345');

    const opened = await openRequest(privateKey, PATH, body, now + 1_000);
    expect(opened.data).toEqual(data);
    expect(opened.ts).toBe(now);

    const answer = await sealAnswer(opened.answerKey, PATH, '{"token":"t"}');
    expect(answer.iv).not.toBe(body.iv);
    expect(await openAnswer(answerKey, PATH, answer)).toBe('{"token":"t"}');
  });

  it('round-trips any JSON value', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const now = Date.now();
        const { body } = await sealRequest(publicKey, PATH, value, now);
        const opened = await openRequest(privateKey, PATH, body, now);
        expect(opened.data).toEqual(JSON.parse(JSON.stringify(value ?? null)));
      }),
      { numRuns: 20 },
    );
  });

  it('uses a fresh key and IV for every request', async () => {
    const a = await sealRequest(publicKey, PATH, {}, Date.now());
    const b = await sealRequest(publicKey, PATH, {}, Date.now());
    expect(a.body.iv).not.toBe(b.body.iv);
    expect(a.body.wrappedKey).not.toBe(b.body.wrappedKey);
  });

  it('refuses any single flipped bit of the cipher', async () => {
    const now = Date.now();
    const { body } = await sealRequest(publicKey, PATH, { a: 1 }, now);
    const cipher = fromBase64(body.cipher)!;
    await fc.assert(
      fc.asyncProperty(fc.nat(cipher.length * 8 - 1), async (bit) => {
        const tampered = cipher.slice();
        tampered[bit >> 3]! ^= 1 << (bit & 7);
        await refused(openRequest(privateKey, PATH, { ...body, cipher: toBase64(tampered) }, now), 'integrity');
      }),
      { numRuns: 25 },
    );
  });

  it('refuses a request for another path, and an answer as a request', async () => {
    const now = Date.now();
    const { body } = await sealRequest(publicKey, PATH, {}, now);
    await refused(openRequest(privateKey, '/otp/verifyOtp', body, now), 'integrity');
    const opened = await openRequest(privateKey, PATH, body, now);
    const answer = await sealAnswer(opened.answerKey, PATH, '{}');
    await refused(openRequest(privateKey, PATH, { ...answer, wrappedKey: body.wrappedKey }, now), 'integrity');
  });

  it('refuses a key wrapped for another key pair', async () => {
    const other = await generatePayloadKeyPair();
    const { body } = await sealRequest(await importPublicKey(other.publicJwk), PATH, {}, Date.now());
    await refused(openRequest(privateKey, PATH, body, Date.now()), 'unwrap');
  });

  it('refuses timestamps outside the window, either way', async () => {
    const now = Date.now();
    const w = PAYLOAD_CRYPTO.TIMESTAMP_WINDOW_MS;
    for (const ts of [now - w - 1, now + w + 1]) {
      const { body } = await sealRequest(publicKey, PATH, {}, ts);
      await refused(openRequest(privateKey, PATH, body, now), 'timestamp');
    }
    for (const ts of [now - w, now + w]) {
      const { body } = await sealRequest(publicKey, PATH, {}, ts);
      await expect(openRequest(privateKey, PATH, body, now)).resolves.toMatchObject({ ts });
    }
  });

  it('refuses malformed fields before any cryptography', async () => {
    const { body } = await sealRequest(publicKey, PATH, {}, Date.now());
    await refused(openRequest(privateKey, PATH, { ...body, iv: '***' }, Date.now()), 'base64');
    await refused(openRequest(privateKey, PATH, { ...body, iv: toBase64(new Uint8Array(8)) }, Date.now()), 'iv');
    await refused(
      openRequest(privateKey, PATH, { ...body, wrappedKey: toBase64(new Uint8Array(10)) }, Date.now()),
      'wrappedKey',
    );
  });

  it('refuses a tampered answer', async () => {
    const now = Date.now();
    const { body, answerKey } = await sealRequest(publicKey, PATH, {}, now);
    const opened = await openRequest(privateKey, PATH, body, now);
    const answer = await sealAnswer(opened.answerKey, PATH, '{"token":"t"}');
    const bytes = fromBase64(answer.cipher)!;
    bytes[0]! ^= 0x80;
    await refused(openAnswer(answerKey, PATH, { ...answer, cipher: toBase64(bytes) }), 'integrity');
  });
});

describe('a request key reused for several requests', () => {
  it('sends the same wrappedKey with a fresh IV each time, and counts its uses', async () => {
    const now = Date.now();
    const requestKey = await createRequestKey(publicKey, now);
    const a = await sealRequest(publicKey, PATH, { n: 1 }, now, requestKey);
    const b = await sealRequest(publicKey, PATH, { n: 2 }, now, requestKey);
    expect(a.body.wrappedKey).toBe(requestKey.wrappedKey);
    expect(b.body.wrappedKey).toBe(requestKey.wrappedKey);
    expect(a.body.iv).not.toBe(b.body.iv);
    expect(requestKey.uses).toBe(2);
    expect((await openRequest(privateKey, PATH, b.body, now)).data).toEqual({ n: 2 });
  });

  it('is usable only for its age and number of uses', async () => {
    const now = Date.now();
    const requestKey = await createRequestKey(publicKey, now);
    expect(requestKeyUsable(requestKey, now)).toBe(true);
    expect(requestKeyUsable(requestKey, now + PAYLOAD_CRYPTO.REQUEST_KEY_MAX_AGE_MS - 1)).toBe(true);
    expect(requestKeyUsable(requestKey, now + PAYLOAD_CRYPTO.REQUEST_KEY_MAX_AGE_MS)).toBe(false);
    // A clock set back is no reason to trust an old key.
    expect(requestKeyUsable(requestKey, now - 1)).toBe(false);
    requestKey.uses = PAYLOAD_CRYPTO.REQUEST_KEY_MAX_USES - 1;
    expect(requestKeyUsable(requestKey, now)).toBe(true);
    requestKey.uses += 1;
    expect(requestKeyUsable(requestKey, now)).toBe(false);
  });

  it("binds each answer to its own request: one request's answer does not open as another's", async () => {
    const now = Date.now();
    const requestKey = await createRequestKey(publicKey, now);
    const first = await sealRequest(publicKey, PATH, {}, now, requestKey);
    const second = await sealRequest(publicKey, PATH, {}, now, requestKey);
    const answerToFirst = await sealAnswer(
      (await openRequest(privateKey, PATH, first.body, now)).answerKey,
      PATH,
      '{"token":"first"}',
    );
    expect(await openAnswer(first.answerKey, PATH, answerToFirst)).toBe('{"token":"first"}');
    await refused(openAnswer(second.answerKey, PATH, answerToFirst), 'integrity');
  });

  it('answers a request without "bind" (a page from before) unbound, as it expects', async () => {
    const now = Date.now();
    const aes = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
    const iv = crypto.getRandomValues(new Uint8Array(PAYLOAD_CRYPTO.IV_BYTES));
    const cipher = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(`request ${PATH}`) },
      aes,
      new TextEncoder().encode(JSON.stringify({ ts: now, data: { old: true } })),
    );
    const wrappedKey = await crypto.subtle.wrapKey('raw', aes, publicKey, { name: 'RSA-OAEP' });
    const opened = await openRequest(
      privateKey,
      PATH,
      { wrappedKey: toBase64(wrappedKey), iv: toBase64(iv), cipher: toBase64(cipher) },
      now,
    );
    expect(opened.data).toEqual({ old: true });
    expect(opened.answerKey.boundIv).toBeNull();
    const answer = await sealAnswer(opened.answerKey, PATH, 'ok');
    expect(await openAnswer({ key: aes, boundIv: null }, PATH, answer)).toBe('ok');
  });

  it('unwraps a wrappedKey once with a key cache, and never caches a failed unwrap', async () => {
    const now = Date.now();
    const requestKey = await createRequestKey(publicKey, now);
    const store = new Map<string, PayloadCryptoKey>();
    const sets: string[] = [];
    const cache = {
      get: (wrapped: string) => store.get(wrapped),
      set: (wrapped: string, key: PayloadCryptoKey) => {
        sets.push(wrapped);
        store.set(wrapped, key);
      },
    };
    for (let i = 0; i < 3; i++) {
      const { body } = await sealRequest(publicKey, PATH, { i }, now, requestKey);
      expect((await openRequest(privateKey, PATH, body, now, cache)).data).toEqual({ i });
    }
    expect(sets).toEqual([requestKey.wrappedKey]);

    const other = await generatePayloadKeyPair();
    const { body } = await sealRequest(await importPublicKey(other.publicJwk), PATH, {}, now);
    await refused(openRequest(privateKey, PATH, body, now, cache), 'unwrap');
    expect(store.has(body.wrappedKey)).toBe(false);
  });
});
