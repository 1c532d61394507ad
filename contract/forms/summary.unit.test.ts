import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';
import { NOT_PROVIDED, describeAnswer, formatIsoDate, summarise } from './summary.ts';
import type { FormDefinition } from './types.ts';

const def: FormDefinition = {
  schemaVersion: 2,
  pages: [
    {
      id: 'trip',
      heading: 'Your trip',
      sections: [
        {
          heading: 'Trip',
          fields: [
            { name: 'departure', label: 'Departure date', type: 'date', required: true },
            { name: 'notify', label: 'Notify me by SMS', type: 'yesNo' },
            {
              name: 'mobile',
              label: 'Mobile number',
              type: 'mobile',
              showIf: { field: 'notify', op: 'equals', value: 'Y' },
            },
            { name: 'fee', label: 'Fee', type: 'amount' },
            { name: 'remarks', label: 'Remarks', type: 'textarea' },
          ],
        },
      ],
    },
    {
      id: 'countries',
      heading: 'Countries',
      sections: [
        {
          heading: 'Countries visited',
          fields: [
            {
              name: 'stops',
              label: 'Countries visited',
              type: 'group',
              itemLabel: 'Country',
              fields: [
                { name: 'city', label: 'City', type: 'text' },
                {
                  name: 'ticket',
                  label: 'Ticket',
                  type: 'attachment',
                  maxSizeBytes: 1000,
                  maxFiles: 1,
                  types: ['application/pdf'],
                },
              ],
            },
          ],
        },
      ],
    },
  ],
};

describe('summarise', () => {
  it('reads the answers in page order, as people read them, leaving out hidden fields', () => {
    const sections = summarise(
      def,
      {
        departure: '2026-09-05',
        notify: 'N',
        mobile: '91234567',
        fee: { amount: '1234.5', currency: 'SGD' },
        remarks: '  ',
        stops: [{ city: 'Kuala Lumpur', ticket: ['d1'] }, { city: 'Penang' }],
      },
      { d1: 'ticket.pdf (12KB)' },
    );
    expect(sections.map((s) => s.heading)).toEqual(['Your trip', 'Countries']);
    expect(sections[0]!.rows).toEqual([
      { path: 'departure', label: 'Departure date', value: '5 Sep 2026' },
      { path: 'notify', label: 'Notify me by SMS', value: 'No' },
      { path: 'fee', label: 'Fee', value: 'S$1,234.50' },
      { path: 'remarks', label: 'Remarks', value: NOT_PROVIDED },
    ]);
    expect(sections[1]!.rows).toEqual([
      { path: 'stops[0].city', label: 'Country 1: City', value: 'Kuala Lumpur' },
      { path: 'stops[0].ticket', label: 'Country 1: Ticket', value: 'ticket.pdf (12KB)' },
      { path: 'stops[1].city', label: 'Country 2: City', value: 'Penang' },
      { path: 'stops[1].ticket', label: 'Country 2: Ticket', value: NOT_PROVIDED },
    ]);
  });

  it('shows a conditional answer once its condition holds', () => {
    const rows = summarise(def, { notify: 'Y', mobile: '91234567' })[0]!.rows;
    expect(rows.find((r) => r.path === 'mobile')?.value).toBe('91234567');
  });

  it("names an overseas address's country, not its people", () => {
    const field = { name: 'stay', label: 'Address overseas', type: 'address' } as const;
    const address = {
      blockHouseNo: '8',
      streetName: 'Jalan Ampang',
      floorUnit: '',
      buildingName: '',
      postalCode: '50450',
    };
    expect(describeAnswer(field, { ...address, country: 'MY' })).toBe('8, Jalan Ampang, 50450, Malaysia');
    expect(describeAnswer(field, { ...address, country: 'GB' })).toBe('8, Jalan Ampang, 50450, United Kingdom');
    expect(describeAnswer(field, { ...address, postalCode: '079903', country: 'SG' })).toBe(
      '8, Jalan Ampang, Singapore 079903',
    );
  });

  it('formats dates and money the portal way', () => {
    expect(formatIsoDate('2026-12-01')).toBe('1 Dec 2026');
    expect(formatMoney('0.5', 'SGD')).toBe('S$0.50');
    expect(formatMoney('1000000', 'SGD')).toBe('S$1,000,000.00');
    expect(formatMoney('1500', 'JPY')).toBe('JPY 1,500');
  });
});
