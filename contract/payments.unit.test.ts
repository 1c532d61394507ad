import { describe, expect, it } from 'vitest';
import { isUen } from './forms/sg.ts';
import {
  DEMO_PAYNOW_UEN,
  PAYMENT_MESSAGES,
  PAYMENT_TEXT,
  centsOf,
  crc16,
  formatMoney,
  parseMoney,
  parsePayload,
  payNowPayload,
  paymentReference,
  refundableCents,
  stateFor,
} from './payments.ts';

/**
 * Known-good payloads, as published with two independent PayNow QR generators and scanned by banking apps;
 * ours must give them byte for byte.
 */
const QRYPTAL =
  '00020101021226490009SG.PAYNOW010120210201101550Z03010040820201127520400005303702540550.005802SG5907Qryptal6009Singapore62060102AJ630488E9';
const DEMO_MERCHANT =
  '00020101021226490009SG.PAYNOW010120210201403121W03010040820310917520400005303702540525.505802SG5913Demo Merchant6009Singapore62160112INV-DEMO-00163047102';

describe('CRC-16/CCITT-FALSE', () => {
  it('gives the standard check value for "123456789"', () => {
    expect(crc16('123456789')).toBe('29B1');
  });
  it('pads to four upper-case hex digits', () => {
    expect(crc16('')).toBe('FFFF');
    expect(crc16('A')).toMatch(/^[0-9A-F]{4}$/);
  });
  it('closes each known-good payload', () => {
    for (const good of [QRYPTAL, DEMO_MERCHANT]) expect(crc16(good.slice(0, -4))).toBe(good.slice(-4));
  });
});

describe('PayNow payload', () => {
  it('matches known-good strings byte for byte', () => {
    expect(
      payNowPayload({
        uen: '201101550Z',
        amountCents: 5000,
        reference: 'AJ',
        expiresOn: '2020-11-27',
        merchantName: 'Qryptal',
      }),
    ).toBe(QRYPTAL);
    expect(
      payNowPayload({
        uen: '201403121W',
        amountCents: 2550,
        reference: 'INV-DEMO-001',
        expiresOn: '2031-09-17',
        merchantName: 'Demo Merchant',
      }),
    ).toBe(DEMO_MERCHANT);
  });

  it('carries each field with its length', () => {
    const payload = payNowPayload({
      uen: '00000000X',
      amountCents: 123450,
      reference: 'PD0000422026',
      expiresOn: '2030-02-14',
      merchantName: 'PTIB',
    });
    const f = parsePayload(payload);
    expect(f).toMatchObject({
      '00': '01',
      '01': '12',
      '26.00': 'SG.PAYNOW',
      '26.01': '2',
      '26.02': '00000000X',
      '26.03': '0',
      '26.04': '20300214',
      '52': '0000',
      '53': '702',
      '54': '1234.50',
      '58': 'SG',
      '59': 'PTIB',
      '60': 'Singapore',
      '62.01': 'PD0000422026',
    });
    expect(payload).toContain('000201010212' + '26480009SG.PAYNOW01012020900000000X03010040820300214');
    expect(payload).toContain('62160112PD0000422026');
    expect(payload.slice(-8, -4)).toBe('6304');
    expect(f['63']).toBe(crc16(payload.slice(0, -4)));
  });

  it('writes the amount in dollars with two decimals', () => {
    const amount = (c: number) =>
      parsePayload(
        payNowPayload({ uen: 'U', amountCents: c, reference: 'R', expiresOn: '2030-01-01', merchantName: 'M' }),
      )['54'];
    expect(amount(1)).toBe('0.01');
    expect(amount(100)).toBe('1.00');
    expect(amount(100_000_000_000)).toBe('1000000000.00');
  });

  it('refuses what a bank could not pay', () => {
    const base = { uen: 'U', amountCents: 100, reference: 'R', expiresOn: '2030-01-01', merchantName: 'M' };
    expect(() => payNowPayload({ ...base, amountCents: 0 })).toThrow();
    expect(() => payNowPayload({ ...base, amountCents: 1.5 })).toThrow();
    expect(() => payNowPayload({ ...base, reference: 'X'.repeat(26) })).toThrow();
    expect(() => payNowPayload({ ...base, expiresOn: '20300101' })).toThrow();
  });

  it('demo UEN is well formed, so a banking app reads it, yet owned by nobody', () => {
    expect(isUen(DEMO_PAYNOW_UEN)).toBe(true);
  });
});

describe('money', () => {
  it('is shown as S$1,234.50', () => {
    expect(formatMoney(123450)).toBe('S$1,234.50');
    expect(formatMoney(0)).toBe('S$0.00');
    expect(formatMoney(5)).toBe('S$0.05');
    expect(formatMoney(100_000_000_00)).toBe('S$100,000,000.00');
    expect(formatMoney(-2550)).toBe('-S$25.50');
    expect(() => formatMoney(1.5)).toThrow();
  });
  it('is read into cents without floating point', () => {
    expect(parseMoney('1234.5')).toBe(123450);
    expect(parseMoney('1,234.50')).toBe(123450);
    expect(parseMoney('0.29')).toBe(29);
    expect(parseMoney('19.99')).toBe(1999);
    expect(parseMoney('1.234')).toBeNull();
    expect(parseMoney('-1')).toBeNull();
    expect(parseMoney('12,34')).toBeNull();
    expect(centsOf({ amount: '1000.00', currency: 'SGD' })).toBe(100000);
    expect(centsOf({ amount: '1000.00', currency: 'USD' })).toBeNull();
  });
  it('decides the state from what arrived', () => {
    expect(stateFor(1000, 0)).toBe('awaiting');
    expect(stateFor(1000, 999)).toBe('part_paid');
    expect(stateFor(1000, 1000)).toBe('paid');
    expect(stateFor(1000, 1001)).toBe('over_paid');
  });
  it('refunds all of a deposit, and of another bill only what was paid over it', () => {
    const bill = { amountCents: 10000, receivedCents: 12500, refundedCents: 0 };
    expect(refundableCents({ ...bill, appCode: 'PCD' })).toBe(12500);
    expect(refundableCents({ ...bill, appCode: 'PD' })).toBe(2500);
    expect(refundableCents({ ...bill, appCode: 'PD', refundedCents: 2000 })).toBe(500);
    expect(refundableCents({ ...bill, appCode: 'PD', receivedCents: 9000 })).toBe(0);
    expect(refundableCents({ ...bill, appCode: 'PCD', refundedCents: 12500 })).toBe(0);
  });
  it('refuses a refund over what is left in a whole sentence, as the receipt’s other refusals are', () => {
    expect(PAYMENT_MESSAGES.refundTooLarge('S$5.00')).toBe(
      'Refund amount must be S$5.00 or less, what is left of the receipt.',
    );
  });
  it('tells finance each way money came to be held by a cancelled bill: a rejection or a withdrawal', () => {
    // A withdrawal cancels the bill as a rejection does (docs/decisions/0091), money received and all.
    expect(PAYMENT_TEXT.returnsHint).toMatch(/\brejected\b/);
    expect(PAYMENT_TEXT.returnsHint).toMatch(/\bwithdrawn\b/);
  });
  it('references are compact case numbers', () => {
    expect(paymentReference('PD 000042 2026')).toBe('PD0000422026');
  });
});
