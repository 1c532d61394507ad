import { describe, expect, it } from 'vitest';
import { DEFAULT_CONTACT_PHONE } from '#contract/index.ts';
import { NOTIFICATION_KINDS } from '#contract/notifications.ts';
import { REGISTER_CHANGE_TEXTS } from '#contract/register.ts';
import { renderMessage, renderSms } from './templates.ts';

describe('notification templates', () => {
  it('give every kind a subject with the portal name, text and accessible HTML with a named link', () => {
    for (const kind of NOTIFICATION_KINDS) {
      const m = renderMessage(
        { kind, caseId: '42', appCode: 'PD', caseNumber: 'PD 000042 2030', facts: { outcome: 'approved' } },
        'https://eservices.example.sg',
      );
      expect(m.subject, kind).toMatch(/^PTIB e-Services: /);
      expect(m.html, kind).toContain('<html lang="en">');
      expect(m.html, kind).toMatch(/<title>.+<\/title>/);
      expect(m.html, kind).toMatch(/<h1[^>]*>.+<\/h1>/);
      expect(m.text, kind).toContain('https://eservices.example.sg/#/');
      expect(renderSms({ kind }), kind).toMatch(/^PTIB e-Services/);
    }
  });

  it('link a record by its route and escape what an officer wrote', () => {
    const m = renderMessage(
      {
        kind: 'decided',
        caseId: '7',
        appCode: 'PD',
        caseNumber: 'PD 000007 2030',
        facts: { outcome: 'rejected', reason: 'Proof <missing> & late' },
      },
      'https://eservices.example.sg',
    );
    expect(m.route).toBe('/generic?app=PD&case=7');
    expect(m.html).toContain(
      '<a href="https://eservices.example.sg/#/generic?app=PD&amp;case=7">Open record PD 000007 2030</a>',
    );
    expect(m.html).toContain('Reason: Proof &lt;missing&gt; &amp; late');
    expect(m.text).toContain('Record PD 000007 2030 has been rejected.');
  });

  it("keep the lines of an officer's reason in the email's HTML, as its text keeps them", () => {
    const m = renderMessage(
      {
        kind: 'decided',
        caseId: '7',
        appCode: 'PD',
        caseNumber: 'PD 000007 2030',
        facts: { outcome: 'rejected', reason: 'The receipt is <late>.\n\nApply again.' },
      },
      undefined,
    );
    expect(m.html).toContain('<p>Reason: The receipt is &lt;late&gt;.<br><br>Apply again.</p>');
    expect(m.text).toContain('Reason: The receipt is <late>.\n\nApply again.');
  });

  it("write amounts the portal's one way, with thousands grouped (S$1,234.50)", () => {
    const facts = { amountCents: 123450 };
    expect(renderSms({ kind: 'billIssued', caseNumber: 'PA 000046 2026', facts })).toContain(
      'A bill of S$1,234.50 has been issued for record PA 000046 2026.',
    );
    const settled = renderMessage({ kind: 'billSettled', caseNumber: 'PA 000046 2026', facts }, undefined);
    expect(settled.text).toContain('We have received your payment of S$1,234.50 for record PA 000046 2026.');
  });

  it('say by when a bill is to be paid, on every channel', () => {
    const facts = { amountCents: 8000, dueOn: '2030-01-29' };
    const expected =
      'A bill of S$80.00 has been issued for record PCD 000046 2030. Pay by 29 Jan 2030. Please sign in to pay it.';
    expect(renderSms({ kind: 'billIssued', caseNumber: 'PCD 000046 2030', facts })).toBe(
      `PTIB e-Services: ${expected}`,
    );
    expect(renderMessage({ kind: 'billIssued', caseNumber: 'PCD 000046 2030', facts }, undefined).text).toContain(
      expected,
    );
  });

  it('say that a bill whose amount changed replaces the one notified before, not that another is due', () => {
    const facts = { amountCents: 2000, previousCents: 1200, dueOn: '2030-01-29' };
    const expected =
      'The bill for record PD 000046 2030 has changed from S$12.00 to S$20.00: it replaces the one we sent before. Pay by 29 Jan 2030. Please sign in to pay it.';
    expect(renderSms({ kind: 'billIssued', caseNumber: 'PD 000046 2030', facts })).toBe(`PTIB e-Services: ${expected}`);
    const email = renderMessage({ kind: 'billIssued', caseNumber: 'PD 000046 2030', facts }, undefined);
    expect(email.text).toContain(expected);
    // Headed as the change it is: a second "New bill" in the inbox reads as a second bill to pay.
    expect(email.subject).toBe('PTIB e-Services: Bill changed (PD 000046 2030)');
    expect(email.html).toContain('<h1 style="font-size: 20px">Bill changed</h1>');
    expect(email.html).not.toContain('New bill');
  });

  it('ask a reader of the inbox, signed in already, to open the record rather than to sign in', () => {
    const asked = { kind: 'moreInfoRequested' as const, caseId: '7', appCode: 'PAR', caseNumber: 'PR 000007 2030' };
    const billed = { ...asked, kind: 'billIssued' as const, facts: { amountCents: 8000, dueOn: '2030-01-29' } };
    expect(renderMessage(asked, undefined, 'inbox').body).toBe(
      'An officer needs more information about record PR 000007 2030. Open the record to see what is needed.',
    );
    expect(renderMessage(billed, undefined, 'inbox').body).toContain('Pay by 29 Jan 2030. Open the record to pay it.');
    // Read outside the portal, an email or an SMS still says to sign in.
    expect(renderMessage(asked, undefined).body).toContain('Please sign in to see what is needed.');
    expect(renderSms(asked)).toContain('Please sign in to see what is needed.');
    for (const kind of NOTIFICATION_KINDS) {
      const facts = {
        outcome: 'approved',
        amountCents: 8000,
        toPayCents: 8000,
        renew: 'yes',
        reason: 'Why',
        documents: 1,
      };
      expect(renderMessage({ ...asked, kind, facts }, undefined, 'inbox').body, kind).not.toMatch(/sign in/i);
    }
  });

  it("keep an officer's reason out of the SMS, which says where to read it", () => {
    const reason = 'The proof of payment does not match the bill. '.repeat(40);
    const facts = { outcome: 'rejected', reason };
    const sms = renderSms({ kind: 'decided', caseNumber: 'PD 000007 2030', facts });
    expect(sms).toBe('PTIB e-Services: Record PD 000007 2030 has been rejected. Please sign in to read the reason.');
    expect(renderMessage({ kind: 'decided', caseNumber: 'PD 000007 2030', facts }, undefined).text).toContain(
      `Reason: ${reason}`,
    );
  });

  it("say that a decision's documents are downloaded from the record, never attached to the email", () => {
    const one = { outcome: 'approved', documents: 1 };
    expect(renderSms({ kind: 'decided', caseNumber: 'ES 000007 2026', facts: one })).toBe(
      'PTIB e-Services: Record ES 000007 2026 has been approved. The officer sent a document with the decision. Please sign in to download it from the record.',
    );
    const email = renderMessage({ kind: 'decided', caseNumber: 'ES 000007 2026', facts: one }, undefined);
    expect(email.text).toContain(
      'The officer sent a document with the decision.\nIt is not attached to this email: please sign in to download it from the record.',
    );
    const inbox = renderMessage({ kind: 'decided', caseNumber: 'ES 000007 2026', facts: one }, undefined, 'inbox');
    expect(inbox.body).toContain('Open the record to download it.');
    expect(inbox.body).not.toContain('email');
    const two = renderMessage(
      { kind: 'decided', caseNumber: 'ES 000007 2026', facts: { outcome: 'rejected', reason: 'Late.', documents: 2 } },
      undefined,
    );
    expect(two.text).toContain(
      'The officer sent 2 documents with the decision.\nThey are not attached to this email: please sign in to download them from the record.',
    );
    // A decision without documents says nothing of them.
    expect(renderSms({ kind: 'decided', caseNumber: 'ES 000007 2026', facts: { outcome: 'approved' } })).not.toContain(
      'document',
    );
  });

  it('tell a traveller that a trip was withdrawn as they asked, not rejected (docs/decisions/0091)', () => {
    const facts = { outcome: 'withdrawn', request: 'TA 000014 2030' };
    expect(renderSms({ kind: 'decided', caseNumber: 'PR 000013 2030', facts })).toBe(
      'PTIB e-Services: Record PR 000013 2030 has been withdrawn, as you asked in request TA 000014 2030.',
    );
    expect(renderMessage({ kind: 'decided', caseNumber: 'PR 000013 2030', facts }, undefined).text).not.toMatch(
      /rejected|Reason/,
    );
  });

  it('name the dates of the trip an approval permits once an amendment changed them', () => {
    const facts = {
      outcome: 'approved',
      amendedBy: 'TA 000018 2030',
      departureDate: '2031-01-10',
      returnDate: '2031-01-20',
    };
    expect(renderSms({ kind: 'decided', caseNumber: 'PR 000017 2030', facts })).toBe(
      'PTIB e-Services: Record PR 000017 2030 has been approved. The approval is for the trip as amended by request TA 000018 2030: leaving on 10 Jan 2031 and returning on 20 Jan 2031.',
    );
  });

  it('say in words how a followed case changed, never the code the server keeps for it', () => {
    for (const [change, words] of Object.entries(REGISTER_CHANGE_TEXTS)) {
      const facts = { change };
      const m = renderMessage({ kind: 'watchedCaseChanged', caseNumber: 'BS 001234 2024', facts }, undefined);
      expect(m.text).toContain(words);
      expect(m.text).not.toMatch(new RegExp(`\\b${change}\\b`));
      expect(renderSms({ kind: 'watchedCaseChanged', caseNumber: 'BS 001234 2024', facts })).toContain(words);
    }
    const unknown = renderMessage(
      { kind: 'watchedCaseChanged', caseNumber: 'BS 001234 2024', facts: { change: 'x_y' } },
      undefined,
    );
    expect(unknown.text).not.toContain('x_y');
  });

  it('send someone who did not sign in to the helpdesk on the configured number: no password can be changed here', () => {
    const m = renderMessage({ kind: 'newDevice', facts: { phone: '1800-555-0199' } }, undefined);
    expect(m.text).toContain('If this was not you, please call the PTIB helpdesk on 1800-555-0199.');
    expect(m.text).not.toMatch(/password/i);
    expect(renderSms({ kind: 'newDevice', facts: { phone: '1800-555-0199' } })).toContain('1800-555-0199');
    // A notice recorded before it carried a number.
    expect(renderMessage({ kind: 'newDevice' }, undefined).text).toContain(DEFAULT_CONTACT_PHONE);
  });

  it('send someone whose sign-in was locked to the helpdesk on the configured number, in every channel', () => {
    const locked = { kind: 'accountLocked', facts: { minutes: 15, phone: '1800-555-0199' } } as const;
    const helpdesk = 'If this was not you, please call the PTIB helpdesk on 1800-555-0199.';
    expect(renderMessage(locked, undefined).text).toContain(helpdesk);
    expect(renderMessage(locked, undefined, 'inbox').body).toContain(helpdesk);
    expect(renderSms(locked)).toContain(helpdesk);
    // A notice recorded before it carried a number.
    expect(renderSms({ kind: 'accountLocked', facts: { minutes: 15 } })).toContain(DEFAULT_CONTACT_PHONE);
    expect(renderMessage({ kind: 'accountLocked' }, undefined).text).toContain(DEFAULT_CONTACT_PHONE);
  });

  it('leave the link out without PUBLIC_URL', () => {
    const m = renderMessage({ kind: 'newDevice' }, undefined);
    expect(m.text).not.toContain('http');
    expect(m.html).not.toContain('<a ');
  });

  describe('say when a security or deadline event happened, in Singapore time, wherever it is read', () => {
    // 03:58 UTC is 11:58 in Singapore: a notice retried for hours still says when it happened.
    const at = '2026-11-29T03:58:06.000Z';
    const cases = [
      {
        kind: 'newDevice',
        facts: { at },
        text: 'Your account was signed in to from a browser it had not used before, on 29 Nov 2026 at 11:58.',
        before: 'Your account was signed in to from a browser it had not used before.',
      },
      {
        kind: 'accountLocked',
        facts: { at, minutes: 15 },
        text: 'After repeated failed sign-in attempts, sign-in to your account was locked on 29 Nov 2026 at 11:58 for 15 minutes.',
        before: 'After repeated failed sign-in attempts, sign-in to your account is locked for 15 minutes.',
      },
      {
        kind: 'moreInfoRequested',
        facts: { at },
        text: 'An officer asked for more information about record PD 000007 2030 on 29 Nov 2026 at 11:58.',
        before: 'An officer needs more information about record PD 000007 2030.',
      },
      {
        kind: 'decided',
        facts: { at, outcome: 'approved' },
        text: 'Record PD 000007 2030 was approved on 29 Nov 2026 at 11:58.',
        before: 'Record PD 000007 2030 has been approved.',
      },
      {
        kind: 'decided',
        facts: { at, outcome: 'rejected', reason: 'Late.' },
        text: 'Record PD 000007 2030 was rejected on 29 Nov 2026 at 11:58.',
        before: 'Record PD 000007 2030 has been rejected.',
      },
      {
        kind: 'decided',
        facts: { at, outcome: 'withdrawn', request: 'TA 000008 2030' },
        text: 'Record PD 000007 2030 was withdrawn on 29 Nov 2026 at 11:58, as you asked in request TA 000008 2030.',
        before: 'Record PD 000007 2030 has been withdrawn, as you asked in request TA 000008 2030.',
      },
    ] as const;

    for (const c of cases) {
      it(`${c.kind} ${'outcome' in c.facts ? c.facts.outcome : ''}`, () => {
        const m = { kind: c.kind, caseNumber: 'PD 000007 2030', facts: c.facts };
        expect(renderMessage(m, undefined).text).toContain(c.text);
        expect(renderMessage(m, undefined).html).toContain(c.text);
        expect(renderMessage(m, undefined, 'inbox').body).toContain(c.text);
        const sms = renderSms(m);
        // The lock's SMS keeps its own wording (docs/decisions/0042), its time in it too.
        expect(sms).toContain(
          c.kind === 'accountLocked'
            ? 'sign-in to your account was locked on 29 Nov 2026 at 11:58 for 15 minutes.'
            : c.text,
        );
      });

      it(`${c.kind} ${'outcome' in c.facts ? c.facts.outcome : ''} written before its time was kept`, () => {
        const { at: _written, ...facts } = c.facts;
        const m = { kind: c.kind, caseNumber: 'PD 000007 2030', facts };
        expect(renderMessage(m, undefined).text).toContain(c.before);
        expect(renderMessage(m, undefined, 'inbox').body).toContain(c.before);
        expect(renderSms(m)).toContain(
          c.kind === 'accountLocked' ? 'sign-in to your account is locked for 15 minutes.' : c.before,
        );
      });
    }

    it('emailChanged, from the changedAt fact it was written with, as the other notices say it', () => {
      const m = { kind: 'emailChanged' as const, facts: { changedAt: at } };
      const text = 'The email address for your PTIB e-Services account was changed on 29 Nov 2026 at 11:58.';
      expect(renderMessage(m, undefined).text).toContain(text);
      expect(renderMessage(m, undefined).html).toContain(text);
      expect(renderMessage(m, undefined, 'inbox').body).toContain(text);
      expect(renderSms(m)).toContain(text);
    });
  });
});
