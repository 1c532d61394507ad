import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { API_PATHS, OTP, OTP_MESSAGES } from '#contract/index.ts';
import { LOGGING, buildApp } from '../app.ts';
import { DEMO_PASSWORD } from '../db/seed.ts';
import { authenticate } from '../test/auth.ts';
import { TestClient } from '../test/client.ts';
import { freshDatabase } from '../test/database.ts';
import { testConfig } from '../test/helper.ts';
import type * as codes from './codes.ts';
import { generateCode } from './codes.ts';

// Pass-through spy: in production the code is in no log, so the test learns it here.
vi.mock('./codes.ts', async (importOriginal) => {
  const original = await importOriginal<typeof codes>();
  return { ...original, generateCode: vi.fn(original.generateCode) };
});

const closers: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const close of closers) await close();
});

/** The whole app with the real logger configuration, its lines captured in memory. */
async function appWithCapturedLog(nodeEnv: 'production' | 'test'): Promise<{ app: FastifyInstance; lines: string[] }> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const { db, drop } = await freshDatabase();
  // Production needs the agency's PayNow UEN to start at all.
  const config = testConfig({ NODE_ENV: nodeEnv, LOG_LEVEL: 'trace', PAYNOW_UEN: '201403121W' });
  const app = await buildApp({
    config,
    db,
    logger: { level: 'trace', stream, ...LOGGING },
  });
  await app.ready();
  closers.push(async () => {
    await app.close();
    await drop();
  });
  return { app, lines };
}

const lastCode = () => vi.mocked(generateCode).mock.results.at(-1)!.value as string;

describe('the embedded SMS sender (server log)', () => {
  it('outside production writes the SMS with its code, to a masked number', async () => {
    const { app, lines } = await appWithCapturedLog('test');
    const client = new TestClient(app);
    await authenticate(client, 'ptib.otp');
    expect((await client.post(API_PATHS.sendOtpSms, {})).statusCode).toBe(200);
    const code = lastCode();
    const smsLines = lines.filter((l) => l.includes('SMS one-time password'));
    expect(smsLines).toHaveLength(1);
    const entry = JSON.parse(smsLines[0]!) as { to: string; sms: string };
    expect(entry.to).toBe('****8901');
    expect(entry.sms).toBe(OTP_MESSAGES.smsText(code, OTP.CODE_TTL_MS / 60_000));
    expect(lines.join('\n')).not.toContain('95678901');
  });

  it('in production logs only that an SMS went to a masked number: no code, token or secret in any line', async () => {
    const { app, lines } = await appWithCapturedLog('production');
    const client = new TestClient(app);
    const login = await authenticate(client, 'ptib.otp');
    expect(login.statusCode).toBe(200);
    const challenge = client.cookies.get('PTIB_LOGIN_CHALLENGE')!;
    expect((await client.post(API_PATHS.sendOtpSms, {})).statusCode).toBe(200);
    const code = lastCode();
    // A wrong try first, so the failure path is logged too.
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect((await client.post(API_PATHS.verifyOtp, { otp: wrong })).statusCode).toBe(400);
    const verified = await client.post(API_PATHS.verifyOtp, { otp: code });
    expect(verified.statusCode).toBe(200);
    const { token } = JSON.parse(verified.body) as { token: string };
    client.token = token;
    expect((await client.post(API_PATHS.refresh, {})).statusCode).toBe(200);

    const smsLines = lines.filter((l) => l.includes('SMS one-time password sent'));
    expect(smsLines).toHaveLength(1);
    expect(JSON.parse(smsLines[0]!)).toMatchObject({ to: '****8901' });
    expect(lines.length).toBeGreaterThan(5);
    const log = lines.join('\n');
    for (const secret of [code, token, challenge, DEMO_PASSWORD, '95678901']) expect(log).not.toContain(secret);
    expect(log).not.toContain(token.split('.')[2]!);
  });
});
