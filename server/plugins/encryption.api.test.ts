import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { describe, expect, it, vi } from 'vitest';
import { API_PATHS, RESPONSE_CODE } from '#contract/index.ts';
import {
  PAYLOAD_CRYPTO,
  PAYLOAD_ERRORS,
  createRequestKey,
  fromBase64,
  generatePayloadKeyPair,
  importPublicKey,
  jwkThumbprint,
  openAnswer,
  sealRequest,
  toBase64,
  type AnswerKey,
  type EncryptedAnswer,
  type EncryptedRequest,
  type PayloadCryptoKey,
  type PublicPayloadJwk,
} from '#contract/crypto/index.ts';
import { ENCRYPTED_FIELD_ERRORS } from '#contract/schemas/crypto.ts';
import { buildApp } from '../app.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { nodePayloadCipher } from '../security/payload-cipher.ts';
import { ReplayGuard } from '../security/payload-replay.ts';
import { authenticate, loginNonce, signIn } from '../test/auth.ts';
import { TestClient, type TestResponse } from '../test/client.ts';
import { buildTestApp, testConfig } from '../test/helper.ts';

const { app, db } = await buildTestApp();

async function serverKey(): Promise<{ jwk: PublicPayloadJwk; key: PayloadCryptoKey }> {
  const res = await app.inject({ method: 'GET', url: API_PATHS.publicKey });
  const jwk = res.json() as PublicPayloadJwk;
  return { jwk, key: await importPublicKey(jwk) };
}

/** Sends a hand-made body to an encrypted call (XSRF cookie and header as the app sends them). */
async function sendRaw(url: string, body: unknown, client = new TestClient(app)) {
  return client.request({ method: 'POST', url, body, encrypt: false });
}

async function sealed(url: string, data: unknown, now = Date.now()) {
  const { key } = await serverKey();
  return sealRequest(key, url, data, now);
}

function flipByte(b64: string, at: number): string {
  const bytes = fromBase64(b64)!;
  bytes[at % bytes.length]! ^= 0x01;
  return toBase64(bytes);
}

function refusal(res: { statusCode: number; json: () => unknown }) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { header: { responseCode: string; responseDesc: string }; responseJSON: unknown };
  expect(body.header.responseCode).toBe(RESPONSE_CODE.BAD_REQUEST);
  expect(body.responseJSON).toBeNull();
  return body.header.responseDesc;
}

describe('GET /api/public-key', () => {
  it('publishes a 3072-bit RSA-OAEP-256 public key as a JWK with its RFC 7638 thumbprint as kid', async () => {
    const res = await app.inject({ method: 'GET', url: API_PATHS.publicKey });
    expect(res.statusCode).toBe(200);
    const jwk = res.json() as PublicPayloadJwk & Record<string, unknown>;
    expect(jwk).toMatchObject({ kty: 'RSA', alg: 'RSA-OAEP-256', use: 'enc', e: 'AQAB' });
    expect(Object.keys(jwk).sort()).toEqual(['alg', 'e', 'kid', 'kty', 'n', 'use']);
    expect(jwk.kid).toBe(await jwkThumbprint(jwk));
    const n = Buffer.from(jwk.n, 'base64url');
    expect(n.length * 8).toBe(PAYLOAD_CRYPTO.RSA_MODULUS_BITS);
  });

  it('is the same key for every process on the database (kept there, not in memory)', async () => {
    const first = (await serverKey()).jwk;
    // A second server process on the same database (not closed here: its onClose would close the shared db).
    const other = await buildApp({ config: testConfig(), db });
    await other.ready();
    const res = await other.inject({ method: 'GET', url: API_PATHS.publicKey });
    expect(res.json()).toEqual(first);
    const rows = await db.query<{ kid: string }>('SELECT kid FROM payload_keys');
    expect(rows.rows).toEqual([{ kid: first.kid }]);
  });
});

describe('encrypted calls, round trip', () => {
  it('signs in with an encrypted body; the password and the token never travel in plain text', async () => {
    const client = new TestClient(app);
    const res: TestResponse = await authenticate(client, 'ptib.demo');
    expect(res.statusCode).toBe(200);
    const answer = JSON.parse(res.body) as { token?: string };
    expect(answer.token).toMatch(/\S{20,}/);
    // On the wire: only { iv, cipher }, and the route's content type (a text body holding JSON) kept.
    const wire = JSON.parse(res.wire!) as Record<string, unknown>;
    expect(Object.keys(wire).sort()).toEqual(['cipher', 'iv']);
    expect(res.wire).not.toContain(answer.token!);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('answers under the request key with a fresh IV, bound to the call', async () => {
    const client = new TestClient(app);
    await signIn(client, 'ptib.demo');
    const key = await client.payloadPublicKey();
    const ivs = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const request = await sealRequest(key, API_PATHS.retrieveProfile, {}, Date.now());
      const res = await client.request({ url: API_PATHS.retrieveProfile, body: request.body, encrypt: false });
      expect(res.statusCode).toBe(200);
      const wire = res.json() as EncryptedAnswer;
      expect(wire.iv).not.toBe(request.body.iv);
      ivs.add(wire.iv);
      const envelope = JSON.parse(await openAnswer(request.answerKey, API_PATHS.retrieveProfile, wire)) as {
        header: { responseCode: string };
        responseJSON: { loginName: string };
      };
      expect(envelope.header.responseCode).toBe(RESPONSE_CODE.OK);
      expect(envelope.responseJSON.loginName).toBe('ptib.demo');
      // The answer does not open as another call's answer.
      await expect(openAnswer(request.answerKey, API_PATHS.retrieveMasterPTIBList, wire)).rejects.toThrow(
        PAYLOAD_ERRORS.integrity,
      );
    }
    expect(ivs.size).toBe(2);
  });

  it('encrypts refusals made after decryption too (the route validates the plaintext)', async () => {
    const client = new TestClient(app);
    const res = await client.post(API_PATHS.authenticate, { loginName: 'ptib.demo' });
    expect(res.statusCode).toBe(400);
    expect(res.wire).toBeDefined();
    expect(res.wire).not.toContain('password');
    expect((res.json() as { header: { responseDesc: string } }).header.responseDesc).toMatch(/password/);
  });

  it('still reports session problems of encrypted calls (403 Forbidden without a token)', async () => {
    const client = new TestClient(app);
    const res = await client.post(API_PATHS.retrieveProfile, {});
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ header: { responseCode: '403', responseDesc: 'Forbidden' } });
  });

  it('leaves plain calls plain', async () => {
    const res = await new TestClient(app).get(API_PATHS.loginNonce);
    expect(res.wire).toBeUndefined();
    expect(res.json()).toMatchObject({ header: { responseCode: RESPONSE_CODE.OK } });
  });
});

describe('encrypted calls refuse bad bodies with 400 and a clear reason', () => {
  const url = API_PATHS.retrieveProfile;

  it('refuses plain text to an encrypted call', async () => {
    expect(refusal(await sendRaw(url, {}))).toBe(PAYLOAD_ERRORS.plain);
    const client = new TestClient(app);
    const nonce = await loginNonce(client);
    const res = await sendRaw(
      API_PATHS.authenticate,
      { loginName: 'ptib.demo', password: DEMO_PASSWORD, model: 'x', authenticityToken: nonce },
      client,
    );
    expect(refusal(res)).toBe(PAYLOAD_ERRORS.plain);
    expect(res.body).not.toContain('token"');
  });

  it.each(['wrappedKey', 'iv', 'cipher'] as const)('names a missing %s', async (field) => {
    const { body } = await sealed(url, {});
    const partial: Partial<EncryptedRequest> = { ...body };
    delete partial[field];
    expect(refusal(await sendRaw(url, partial))).toBe(ENCRYPTED_FIELD_ERRORS.missing(field));
  });

  it.each(['wrappedKey', 'iv', 'cipher'] as const)(
    'says a %s that is there but no string must be one',
    async (field) => {
      const { body } = await sealed(url, {});
      for (const value of [1, null, ['AAAA'], { base64: 'AAAA' }])
        expect(refusal(await sendRaw(url, { ...body, [field]: value }))).toBe(ENCRYPTED_FIELD_ERRORS.notText(field));
    },
  );

  it('refuses fields beside the three (no plain data smuggled next to the cipher)', async () => {
    const { body } = await sealed(url, {});
    expect(refusal(await sendRaw(url, { ...body, password: 'x' }))).toBe(PAYLOAD_ERRORS.plain);
  });

  it.each([
    ['wrappedKey', 'not base64!'],
    ['iv', 'AAAA*AAA'],
    ['cipher', 'QUJD='],
  ] as const)('refuses malformed base64 in %s', async (field, value) => {
    const { body } = await sealed(url, {});
    expect(refusal(await sendRaw(url, { ...body, [field]: value }))).toBe(PAYLOAD_ERRORS.base64);
  });

  it('refuses an IV of the wrong size', async () => {
    const { body } = await sealed(url, {});
    expect(refusal(await sendRaw(url, { ...body, iv: toBase64(new Uint8Array(16)) }))).toBe(PAYLOAD_ERRORS.iv);
  });

  it('refuses a flipped cipher byte (GCM integrity)', async () => {
    const { body } = await sealed(url, {});
    for (const at of [0, 7, fromBase64(body.cipher)!.length - 1]) {
      expect(refusal(await sendRaw(url, { ...body, cipher: flipByte(body.cipher, at) }))).toBe(
        PAYLOAD_ERRORS.integrity,
      );
    }
  });

  it('refuses a flipped IV or wrapped-key byte', async () => {
    const first = await sealed(url, {});
    expect(refusal(await sendRaw(url, { ...first.body, iv: flipByte(first.body.iv, 3) }))).toBe(
      PAYLOAD_ERRORS.integrity,
    );
    const second = await sealed(url, {});
    expect(refusal(await sendRaw(url, { ...second.body, wrappedKey: flipByte(second.body.wrappedKey, 100) }))).toBe(
      PAYLOAD_ERRORS.unwrap,
    );
  });

  it('refuses a key wrapped with another public key', async () => {
    const other = await generatePayloadKeyPair();
    const { body } = await sealRequest(await importPublicKey(other.publicJwk), url, {}, Date.now());
    expect(refusal(await sendRaw(url, body))).toBe(PAYLOAD_ERRORS.unwrap);
  });

  it('refuses a wrapped key of the wrong size', async () => {
    const { body } = await sealed(url, {});
    expect(refusal(await sendRaw(url, { ...body, wrappedKey: toBase64(new Uint8Array(256)) }))).toBe(
      PAYLOAD_ERRORS.wrappedKey,
    );
  });

  it('refuses a cipher made for another call', async () => {
    const { body } = await sealed(API_PATHS.retrieveMasterPTIBList, {});
    expect(refusal(await sendRaw(url, body))).toBe(PAYLOAD_ERRORS.integrity);
  });

  it('refuses a replay, also on another server process', async () => {
    const client = new TestClient(app);
    await signIn(client, 'ptib.demo');
    const { body } = await sealed(url, {});
    const first = await client.request({ url, body, encrypt: false });
    expect(first.statusCode).toBe(200);
    expect(refusal(await client.request({ url, body, encrypt: false }))).toBe(PAYLOAD_ERRORS.replay);

    const other = await buildApp({ config: testConfig(), db });
    await other.ready();
    const again = await sealed(url, {});
    const otherClient = new TestClient(other);
    otherClient.token = client.token;
    expect((await client.request({ url, body: again.body, encrypt: false })).statusCode).toBe(200);
    expect(refusal(await otherClient.request({ url, body: again.body, encrypt: false }))).toBe(PAYLOAD_ERRORS.replay);
  });

  it('checks the timestamp inside the payload against a window', async () => {
    const window = PAYLOAD_CRYPTO.TIMESTAMP_WINDOW_MS;
    const now = Date.now();
    const old = await sealed(url, {}, now - window - 5_000);
    expect(refusal(await sendRaw(url, old.body))).toBe(PAYLOAD_ERRORS.timestamp);
    const future = await sealed(url, {}, now + window + 5_000);
    expect(refusal(await sendRaw(url, future.body))).toBe(PAYLOAD_ERRORS.timestamp);
    // Inside the window it gets past the payload checks (and on to the session guard: no token here).
    const late = await sealed(url, {}, now - window + 30_000);
    expect((await sendRaw(url, late.body)).statusCode).toBe(403);
  });

  it('refuses content that is not { ts, data }', async () => {
    const { key } = await serverKey();
    const aes = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const cipher = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(`request ${url}`) },
      aes,
      new TextEncoder().encode('{"no":"timestamp"}'),
    );
    const wrappedKey = await crypto.subtle.wrapKey('raw', aes, key, { name: 'RSA-OAEP' });
    const body = { wrappedKey: toBase64(wrappedKey), iv: toBase64(iv), cipher: toBase64(cipher) };
    expect(refusal(await sendRaw(url, body))).toBe(PAYLOAD_ERRORS.content);
  });

  it('refuses an empty body and a body that is not an object', async () => {
    const empty = await new TestClient(app).request({
      url,
      body: '',
      headers: { 'content-type': 'application/json' },
      encrypt: false,
    });
    expect(refusal(empty)).toMatch(/empty|body/i);
    expect(refusal(await sendRaw(url, []))).toBe(PAYLOAD_ERRORS.plain);
    const text = await new TestClient(app).request({
      url,
      body: '"text"',
      headers: { 'content-type': 'application/json' },
      encrypt: false,
    });
    expect(refusal(text)).toBe(PAYLOAD_ERRORS.plain);
  });
});

describe('a request key reused for several calls (as the web app does)', () => {
  const url = API_PATHS.retrieveProfile;
  const loginNameIn = async (answerKey: AnswerKey, res: TestResponse) =>
    (
      JSON.parse(await openAnswer(answerKey, url, res.json() as EncryptedAnswer)) as {
        responseJSON: { loginName: string };
      }
    ).responseJSON.loginName;

  it('is unwrapped once per process; a process that has not seen it just unwraps it', async () => {
    const client = new TestClient(app);
    await signIn(client, 'ptib.demo');
    const publicKey = await client.payloadPublicKey();
    const requestKey = await createRequestKey(publicKey, Date.now());
    // The server unwraps on node:crypto (server/security/payload-cipher.ts).
    const unwrap = vi.spyOn(nodePayloadCipher, 'unwrapKey');
    try {
      for (let i = 0; i < 3; i++) {
        const sealedCall = await sealRequest(publicKey, url, {}, Date.now(), requestKey);
        const res = await client.request({ url, body: sealedCall.body, encrypt: false });
        expect(res.statusCode).toBe(200);
        expect(await loginNameIn(sealedCall.answerKey, res)).toBe('ptib.demo');
      }
      expect(unwrap).toHaveBeenCalledTimes(1);

      const other = await buildApp({ config: testConfig(), db });
      await other.ready();
      const elsewhere = new TestClient(other);
      elsewhere.token = client.token;
      const sealedCall = await sealRequest(publicKey, url, {}, Date.now(), requestKey);
      const res = await elsewhere.request({ url, body: sealedCall.body, encrypt: false });
      expect(res.statusCode).toBe(200);
      expect(await loginNameIn(sealedCall.answerKey, res)).toBe('ptib.demo');
      expect(unwrap).toHaveBeenCalledTimes(2);
    } finally {
      unwrap.mockRestore();
    }
  });

  it('still refuses a replayed request, on this process and on another that holds the key too', async () => {
    const client = new TestClient(app);
    await signIn(client, 'ptib.demo');
    const publicKey = await client.payloadPublicKey();
    const requestKey = await createRequestKey(publicKey, Date.now());
    const first = await sealRequest(publicKey, url, {}, Date.now(), requestKey);
    const second = await sealRequest(publicKey, url, {}, Date.now(), requestKey);
    expect((await client.request({ url, body: first.body, encrypt: false })).statusCode).toBe(200);
    expect(refusal(await client.request({ url, body: first.body, encrypt: false }))).toBe(PAYLOAD_ERRORS.replay);

    const other = await buildApp({ config: testConfig(), db });
    await other.ready();
    const elsewhere = new TestClient(other);
    elsewhere.token = client.token;
    expect((await elsewhere.request({ url, body: second.body, encrypt: false })).statusCode).toBe(200);
    for (const replayed of [first, second]) {
      expect(refusal(await elsewhere.request({ url, body: replayed.body, encrypt: false }))).toBe(
        PAYLOAD_ERRORS.replay,
      );
      expect(refusal(await client.request({ url, body: replayed.body, encrypt: false }))).toBe(PAYLOAD_ERRORS.replay);
    }
  });

  it("binds each answer to its request: another request's answer under the same key does not open", async () => {
    const client = new TestClient(app);
    await signIn(client, 'ptib.demo');
    const publicKey = await client.payloadPublicKey();
    const requestKey = await createRequestKey(publicKey, Date.now());
    const first = await sealRequest(publicKey, url, {}, Date.now(), requestKey);
    const second = await sealRequest(publicKey, url, {}, Date.now(), requestKey);
    const answerToFirst = await client.request({ url, body: first.body, encrypt: false });
    expect(await loginNameIn(first.answerKey, answerToFirst)).toBe('ptib.demo');
    await expect(loginNameIn(second.answerKey, answerToFirst)).rejects.toThrow(PAYLOAD_ERRORS.integrity);
  });

  it('answers a page from before (a fresh key per request, no "bind") as it expects', async () => {
    const client = new TestClient(app);
    await signIn(client, 'ptib.demo');
    const aes = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt']);
    const iv = crypto.getRandomValues(new Uint8Array(PAYLOAD_CRYPTO.IV_BYTES));
    const cipher = await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: new TextEncoder().encode(`request ${url}`) },
      aes,
      new TextEncoder().encode(JSON.stringify({ ts: Date.now(), data: {} })),
    );
    const wrappedKey = await crypto.subtle.wrapKey('raw', aes, await client.payloadPublicKey(), { name: 'RSA-OAEP' });
    const body = { wrappedKey: toBase64(wrappedKey), iv: toBase64(iv), cipher: toBase64(cipher) };
    const res = await client.request({ url, body, encrypt: false });
    expect(res.statusCode).toBe(200);
    expect(await loginNameIn({ key: aes, boundIv: null }, res)).toBe('ptib.demo');
  });
});

describe('replay memory', () => {
  it('forgets entries once their time is up, so the table stays small', async () => {
    const guard = new ReplayGuard(db);
    const now = Date.now();
    expect(await guard.remember('sweep-test', now)).toBe(true);
    expect(await guard.remember('sweep-test', now)).toBe(false);
    expect(await guard.sweep(now + PAYLOAD_CRYPTO.TIMESTAMP_WINDOW_MS)).toBe(0);
    expect(await guard.sweep(now + 2 * PAYLOAD_CRYPTO.TIMESTAMP_WINDOW_MS + 1)).toBeGreaterThanOrEqual(1);
    expect(await guard.remember('sweep-test', now + 2 * PAYLOAD_CRYPTO.TIMESTAMP_WINDOW_MS + 1)).toBe(true);
  });

  it('lets only one of two copies through when requests arrive together', async () => {
    const guard = new ReplayGuard(db);
    const now = Date.now();
    const digests = ['together-1', 'together-2', 'together-3', 'together-2', 'together-4', 'together-2'];
    const answers = await Promise.all(digests.map((d) => guard.remember(d, now)));
    expect(answers.filter((a) => a)).toHaveLength(4);
    expect(digests.filter((d, i) => answers[i] && d === 'together-2')).toHaveLength(1);
    expect(await Promise.all(['together-1', 'together-5'].map((d) => guard.remember(d, now)))).toEqual([false, true]);
  });
});

describe('configured key file', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ptib-key-'));

  function writeKey(bits: number): string {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: bits });
    const file = path.join(dir, `key-${bits}.pem`);
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }));
    return file;
  }

  it('uses PAYLOAD_PRIVATE_KEY_FILE instead of the database key', async () => {
    const file = writeKey(3072);
    const other = await buildApp({ config: testConfig({ PAYLOAD_PRIVATE_KEY_FILE: file }), db });
    await other.ready();
    const jwk = (await other.inject({ method: 'GET', url: API_PATHS.publicKey })).json() as PublicPayloadJwk;
    expect(jwk.kid).not.toBe((await serverKey()).jwk.kid);
    const client = new TestClient(other);
    const res = await authenticate(client, 'ptib.demo');
    expect(res.statusCode).toBe(200);
  });

  it('stops the start with one clear line for a short or unreadable key', async () => {
    await expect(buildApp({ config: testConfig({ PAYLOAD_PRIVATE_KEY_FILE: writeKey(2048) }), db })).rejects.toThrow(
      /PAYLOAD_PRIVATE_KEY_FILE=.*at least 3072 bits/,
    );
    await expect(
      buildApp({ config: testConfig({ PAYLOAD_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') }), db }),
    ).rejects.toThrow(/PAYLOAD_PRIVATE_KEY_FILE=.*not a readable PEM private key/);
  });
});

describe('logging', () => {
  it('never logs the password, the token or the encrypted fields', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const logged = await buildApp({ config: testConfig(), db, logger: { level: 'trace', stream } });
    await logged.ready();
    const client = new TestClient(logged);
    const res = await authenticate(client, 'ptib.demo');
    const { token } = JSON.parse(res.body) as { token: string };
    const { body } = await sealRequest(
      await client.payloadPublicKey(),
      API_PATHS.retrieveProfile,
      { secret: 'plaintext-marker' },
      Date.now(),
    );
    await client.request({
      url: API_PATHS.retrieveProfile,
      body: { ...body, cipher: flipByte(body.cipher, 1) },
      encrypt: false,
    });
    const log = lines.join('');
    expect(log).toContain('encrypted payload refused');
    for (const secret of [DEMO_PASSWORD, token, body.cipher, body.wrappedKey, 'plaintext-marker'])
      expect(log).not.toContain(secret);
  });
});
