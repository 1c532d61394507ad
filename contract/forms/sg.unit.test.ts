import { describe, expect, it } from 'vitest';
import {
  isEmail,
  isNricFin,
  isPhone,
  isPostalCode,
  isSgMobile,
  isUen,
  nricCheckLetter,
  otherUenCheck,
  normalizePhone,
} from './sg.ts';

describe('NRIC/FIN', () => {
  it.each(['S9470855I', 'M1234567K', 'S1234567D', 'T0123456G', 'F1234567N', 'G1234567X'])('%s is valid', (v) =>
    expect(isNricFin(v)).toBe(true),
  );
  it.each([
    ['S9470855J', 'wrong check letter'],
    ['M1234567L', 'wrong M-series check letter'],
    ['T0123456D', 'S weights without the T offset'],
    ['F1234567J', 'S/T letters on a FIN'],
    ['s9470855i', 'lower case'],
    ['S947085I', 'six digits'],
    ['S94708551I', 'eight digits'],
    ['A9470855I', 'unknown prefix'],
    [' S9470855I', 'leading space'],
  ])('%s is not (%s)', (v) => expect(isNricFin(v)).toBe(false));
  it('computes check letters as published', () => {
    expect(nricCheckLetter('S', '9470855')).toBe('I');
    expect(nricCheckLetter('M', '1234567')).toBe('K');
  });
  it('refuses what is not a string', () => expect(isNricFin(9470855)).toBe(false));
});

describe('UEN', () => {
  // 53012345B: business (8 digits + letter); T09LL0001D: other entity, computed with its alphabet.
  it.each(['201403121W', '53012345B', 'T09LL0001D', 'S99SS0123K'])('%s is valid', (v) => {
    expect(isUen(v, '2026-11-25')).toBe(true);
  });
  it('the T-format check character is computed over the alphabet', () => {
    expect(otherUenCheck('T09LL0001')).toBe('D');
  });
  it.each([
    ['201403121X', 'local company with a wrong check letter'],
    ['53012345C', 'business with a wrong check letter'],
    ['T09LL0001E', 'T-format with a wrong check character'],
    ['T09ZZ0001D', 'unknown entity type'],
    ['20140312W', 'nine characters that are no format'],
    ['201403121w', 'lower case'],
  ])('%s is not (%s)', (v) => expect(isUen(v, '2026-11-25')).toBe(false));
  it('a T-format UEN may not be from a future year', () => {
    const check = otherUenCheck('T30LL0001')!;
    expect(isUen(`T30LL0001${check}`, '2026-11-25')).toBe(false);
    expect(isUen(`T30LL0001${check}`, '2030-01-01')).toBe(true);
  });
});

describe('Singapore mobile', () => {
  it.each(['81234567', '91234567', '+6591234567', '+65 81234567', '8123 4567', '9123-4567', '+65 9123 4567'])(
    '%s is valid',
    (v) => expect(isSgMobile(v)).toBe(true),
  );
  it.each(['8123  4567', '(65) 9123 4567', '+65 (9123) 4567', '9123.4567'])('%s is valid as people write it', (v) =>
    expect(isSgMobile(v)).toBe(true),
  );
  it.each(['61234567', '8123456', '812345678', '+6661234567', '', '+44 7700 900123', '(9123 4567'])('%s is not', (v) =>
    expect(isSgMobile(v)).toBe(false),
  );
});

describe('phone', () => {
  it.each([
    '61234567',
    '31234567',
    '91234567',
    '+65 61234567',
    '6123 4567',
    '+65 6123-4567',
    '+44 20 7946 0958',
    '+1-202-555-0143',
  ])('%s is valid', (v) => expect(isPhone(v)).toBe(true));
  it.each(['51234567', '6123456', '+44', '+44 20', '020 7946 0958', 'call me', '+1234567890123456', '+44 (20 7946'])(
    '%s is not',
    (v) => expect(isPhone(v)).toBe(false),
  );
});

describe('a phone number as typed', () => {
  // What people type, from a business card, a letter or an overseas contact, is kept in one form.
  it.each([
    ['(65) 9123 4567', '91234567'],
    ['(+65) 9123 4567', '91234567'],
    ['+65 9123 4567', '91234567'],
    ['9123  4567', '91234567'],
    [' 6123-4567 ', '61234567'],
    ['+44 (0)20 7946 0958', '+44 20 7946 0958'],
    ['+44 20  7946 0958', '+44 20 7946 0958'],
    ['+1 (555) 123-4567', '+1 555 123 4567'],
    ['+33 1.23.45.67.89', '+33 1 23 45 67 89'],
    ['+442079460958', '+442079460958'],
  ])('%j is kept as %j', (typed, kept) => {
    expect(normalizePhone(typed)).toBe(kept);
    expect(isPhone(typed)).toBe(true);
  });
  it.each(['(555) 123-4567', '+65 1234 5678', '9123 4567 ext 2', '+44 ((20)) 7946', '()91234567', 42])(
    '%j is none',
    (typed) => expect(normalizePhone(typed)).toBeNull(),
  );
});

describe('email', () => {
  it.each(['name@example.com', 'a.b+c@sub.example.gov.sg'])('%s is valid', (v) => expect(isEmail(v)).toBe(true));
  it.each([
    'name@example',
    'name example.com',
    '@example.com',
    'name@@example.com',
    'name@-example.com',
    'a..b@x.com',
    'name@example.c0m',
  ])('%s is not', (v) => expect(isEmail(v)).toBe(false));
});

describe('postal code', () => {
  it('is six digits', () => {
    expect(isPostalCode('079903')).toBe(true);
    for (const v of ['79903', '0799031', '07990A', '079 903']) expect(isPostalCode(v)).toBe(false);
    // Its first two digits are the postal sector, 01 to 82: '000000' is a placeholder, not an address.
    for (const v of ['010000', '829999', '460123']) expect(isPostalCode(v)).toBe(true);
    for (const v of ['000000', '009999', '830000', '999999']) expect(isPostalCode(v)).toBe(false);
  });
});
