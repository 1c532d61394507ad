/**
 * Where the time of one call goes: each piece of refreshJWT and retrieveProfile measured on its own in
 * this process (median of many), next to the only work the baseline server does (one ES256 verify).
 * It explains the ratio figures; the load runs are what count.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  generatePayloadKeyPair,
  importPrivateKey,
  importPublicKey,
  openRequest,
  sealAnswer,
  sealRequest,
} from '#contract/crypto/index.ts';
import { API_PATHS } from '#contract/index.ts';
import { signToken, tokenVerifier } from '../../server/auth/tokens.ts';
import { loadSession, refreshSession, startSession } from '../../server/auth/sessions.ts';
import { migrate } from '../../server/db/migrate.ts';
import { nodePayloadCipher } from '../../server/security/payload-cipher.ts';
import { privateKeyObjectOf } from '../../server/security/payload-key.ts';
import { ReplayGuard } from '../../server/security/payload-replay.ts';
import { UnwrappedKeys } from '../../server/security/unwrapped-keys.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { DEMO_ACCOUNTS, seedDemo } from '../../server/db/seed.ts';

async function medianMs(n: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(20, n); i += 1) await fn();
  const times: number[] = [];
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(n / 2)]!;
}

export interface Cost {
  piece: string;
  ms: number;
}

export async function measureCosts(): Promise<Cost[]> {
  const costs: Cost[] = [];
  // The server's own signing and verifying code (fast-jwt on node:crypto), as the baseline runs it.
  const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const sign = async () =>
    signToken(
      { kid: 'bench', privateKey },
      { sessionId: 'x', accountId: '1', generation: 0 },
      new Date(),
      new Date(Date.now() + 900_000),
    );
  const token = await sign();
  const verify = tokenVerifier(publicKey);
  costs.push({
    piece: 'ES256 verify (all the baseline does)',
    ms: await medianMs(500, async () => verify(token, new Date())),
  });
  costs.push({ piece: 'ES256 sign (refreshJWT issues a token)', ms: await medianMs(500, sign) });

  const pair = await generatePayloadKeyPair();
  const pub = await importPublicKey(pair.publicJwk);
  const priv = await importPrivateKey(pair.privateJwk);
  const sealed = await sealRequest(pub, API_PATHS.retrieveProfile, {}, Date.now());
  // The server's primitives (node:crypto) on the contract's format, as server/plugins/encryption.ts runs them.
  const privateKeyObject = privateKeyObjectOf(pair.privateJwk);
  const open = (keys?: UnwrappedKeys) =>
    openRequest(privateKeyObject, API_PATHS.retrieveProfile, sealed.body, Date.now(), keys, nodePayloadCipher);
  costs.push({
    piece: 'RSA-OAEP-3072 unwrap + AES-GCM open (first request under a client key)',
    ms: await medianMs(200, () => open()),
  });
  costs.push({
    piece: "the same on WebCrypto (the browser's primitives; the server's before docs/decisions/0021)",
    ms: await medianMs(200, () => openRequest(priv, API_PATHS.retrieveProfile, sealed.body, Date.now())),
  });
  const unwrapped = new UnwrappedKeys();
  const opened = await open(unwrapped);
  costs.push({
    piece: 'AES-GCM open, key already unwrapped (later requests under the same client key)',
    ms: await medianMs(500, () => open(unwrapped)),
  });
  costs.push({
    piece: 'AES-GCM seal of the answer',
    ms: await medianMs(500, () =>
      sealAnswer(opened.answerKey, API_PATHS.retrieveProfile, '{"header":{}}'.repeat(20), nodePayloadCipher),
    ),
  });

  const dir = mkdtempSync(path.join(tmpdir(), 'ptib-bench-costs-'));
  const db = await openPglite(dir);
  try {
    await migrate(db);
    await seedDemo(db);
    const account = await db.query<{ id: number }>('SELECT id FROM accounts WHERE login_name = $1', [
      DEMO_ACCOUNTS[0]!.loginName,
    ]);
    const { sessionId } = await startSession(
      db,
      {
        accountId: Number(account.rows[0]!.id),
        profileId: DEMO_ACCOUNTS[0]!.profileId,
        model: 'bench',
        clientAddress: '127.0.0.1',
        rememberMe: false,
      },
      new Date(),
      { maxHours: 12 },
    );
    let generation = 0;
    costs.push({
      piece: 'PGlite: SELECT 1 (one round trip, nothing else)',
      ms: await medianMs(300, () => db.query('SELECT 1')),
    });
    costs.push({
      piece: 'PGlite: loadSession (a signed-in call whose session is not in the cache)',
      ms: await medianMs(300, () => loadSession(db, sessionId)),
    });
    costs.push({
      piece: 'PGlite: refreshSession (one statement: UPDATE … RETURNING and its audit INSERT)',
      // Each refresh rotates the token generation (docs/decisions/0029): the next one presents the new one.
      ms: await medianMs(300, async () => {
        const refreshed = await refreshSession(db, sessionId, new Date(), generation, {
          loginName: 'ptib.demo',
          clientAddress: '127.0.0.1',
        });
        if (refreshed) generation = refreshed.generation;
      }),
    });
    const replays = new ReplayGuard(db);
    let n = 0;
    costs.push({
      piece: 'PGlite: replay-guard INSERT (every encrypted request)',
      ms: await medianMs(300, () => replays.remember(`bench-${(n += 1)}`, Date.now())),
    });
    costs.push({
      piece: 'PGlite: profile SELECT (retrieveProfile reads the acting profile)',
      ms: await medianMs(300, () =>
        db.query('SELECT * FROM ptib_profiles WHERE id = $1', [DEMO_ACCOUNTS[0]!.profileId]),
      ),
    });
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return costs;
}
