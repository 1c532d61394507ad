import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { partLines } from './banner.ts';

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
