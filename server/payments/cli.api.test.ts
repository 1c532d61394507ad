import { expect, it } from 'vitest';
import { PAYMENT_TEXT } from '#contract/payments.ts';
import { useFreshDatabase } from '../test/database.ts';
import { runPayments } from './cli.ts';

const db = useFreshDatabase();

it('says that no credit waits for a person rather than print nothing', async () => {
  const out: string[] = [];
  const err: string[] = [];
  const status = await runPayments(
    db(),
    { command: 'queue', officer: 'officer.finance' },
    '',
    new Date('2030-01-15T02:00:00Z'),
    (line) => out.push(line),
    (line) => err.push(line),
  );
  expect({ status, out, err }).toEqual({ status: 0, out: [PAYMENT_TEXT.queueEmpty], err: [] });
});
