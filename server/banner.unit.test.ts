import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { partLines, writeBanner } from './banner.ts';

const lines = (env: Record<string, string>) => partLines(loadConfig({ DATA_DIR: '/srv/ptib', ...env })).join('\n');

describe('the start banner', () => {
  it('says plainly what the embedded default leaves off: email, SMS and single sign-on', () => {
    expect(lines({})).toBe(
      [
        'Email: OFF, no SMTP server configured (SMTP_HOST): each email is written as a file under /srv/ptib/mail',
        'SMS: OFF, no gateway configured (SMS_GATEWAY_URL): one-time passwords and notices are written to this log',
        'Single sign-on: OFF, not configured (SAML_*): sign-in with a password only',
      ].join('\n'),
    );
  });

  it('names what is configured, without a credential', () => {
    const text = lines({
      SMTP_HOST: 'mail.example.sg',
      SMTP_PORT: '465',
      SMTP_SECURE: '1',
      SMTP_USER: 'ptib',
      SMTP_PASSWORD: 'Smtp-Secret-9',
      SMS_GATEWAY_URL: 'https://gateway.example.sg/send?token=T0ken-42',
      SMS_GATEWAY_TOKEN: 'Gw-Secret-7',
    });
    expect(text).toContain('Email: SMTP at mail.example.sg:465 (TLS)');
    expect(text).toContain('SMS: gateway at https://gateway.example.sg');
    for (const secret of ['Smtp-Secret-9', 'Gw-Secret-7', 'T0ken-42']) expect(text).not.toContain(secret);
  });
});

describe('where the start banner goes', () => {
  const banner = ['PTIB e-Services is running at http://127.0.0.1:8080/', 'Virus scanning: OFF'];
  /** A logger at LOG_LEVEL=warn writing to `logged`, and a stdout that is a terminal or not. */
  function start(isTTY: boolean) {
    const logged: string[] = [];
    const stream = new Writable({ write: (chunk: Buffer, _encoding, done) => done(void logged.push(String(chunk))) });
    const written: string[] = [];
    const out = { isTTY, write: (text: string) => written.push(text) };
    writeBanner(banner, out, Fastify({ logger: { level: 'warn', stream } }).log);
    return { logged, written };
  }

  it('is readable text in a terminal', () => {
    const { logged, written } = start(true);
    expect(written.join('')).toBe(`\n${banner.join('\n')}\n\n`);
    expect(logged).toEqual([]);
  });

  it('is one JSON entry in the log stream anywhere else, whatever the log level', () => {
    // Its lines were plain text among the JSON ones, which a log pipeline's parser drops or flags.
    const { logged, written } = start(false);
    expect(written).toEqual([]);
    expect(logged).toHaveLength(1);
    expect(JSON.parse(logged[0]!)).toMatchObject({
      level: 30,
      msg: 'PTIB e-Services is running at http://127.0.0.1:8080/',
      banner: ['Virus scanning: OFF'],
    });
  });
});
