import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { growthFigure, growthRatio, plansIn, plansSince, selectCalls, seqScansIn } from './growth.ts';

// PostgreSQL 15's log as the growth bench's cluster writes it (auto_explain with log_analyze and
// log_buffers), taken from a real run; the second statement reads one table whole.
const LOG = `2026-11-22 05:46:20.572 UTC [23868] LOG:  database system is ready to accept connections
2026-11-22 05:46:20.771 UTC [23876] LOG:  duration: 0.030 ms  plan:
\tQuery Text: SELECT note FROM cases WHERE id = $1
\tIndex Scan using cases_pkey on cases  (cost=0.28..8.29 rows=1 width=3) (actual time=0.027..0.028 rows=1 loops=1)
\t  Index Cond: (id = 5)
\t  Buffers: shared hit=3
2026-11-22 05:46:20.774 UTC [23876] LOG:  duration: 0.018 ms  plan:
\tQuery Text: SELECT count(*) FROM cases c JOIN audit_events a ON a.id = c.id WHERE c.note <> 'x'
\tAggregate  (cost=8.31..8.32 rows=1 width=8) (actual time=0.008..0.009 rows=1 loops=1)
\t  ->  Nested Loop  (cost=0.28..8.31 rows=1 width=0) (actual time=0.004..0.005 rows=0 loops=1)
\t        ->  Seq Scan on audit_events a  (cost=0.00..0.00 rows=1 width=4) (actual time=0.004..0.004 rows=0 loops=1)
\t        ->  Index Scan using cases_pkey on cases c  (cost=0.28..8.29 rows=1 width=4) (never executed)
\t              Index Cond: (id = a.id)
\t              Filter: (note <> 'x'::text)
`;

describe('the growth bench', () => {
  it('reads one plan per statement out of the log, without the log prefix or the indentation', () => {
    const plans = plansIn(LOG);
    expect(plans).toHaveLength(2);
    expect(plans[0]).toBe(
      [
        'Query Text: SELECT note FROM cases WHERE id = $1',
        'Index Scan using cases_pkey on cases  (cost=0.28..8.29 rows=1 width=3) (actual time=0.027..0.028 rows=1 loops=1)',
        '  Index Cond: (id = 5)',
        '  Buffers: shared hit=3',
      ].join('\n'),
    );
    expect(plans[1]).toMatch(/^Query Text: SELECT count\(\*\)[^]*Filter: \(note <> 'x'::text\)$/);
  });

  it('finds a growing table read whole, under a join and with an alias, and nothing in an index scan', () => {
    const [indexed, joined] = plansIn(LOG);
    expect(seqScansIn(indexed!)).toEqual([]);
    expect(seqScansIn(joined!)).toEqual(['audit_events']);
    expect(seqScansIn('->  Parallel Seq Scan on cases  (cost=0.00..1.00 rows=1 width=4)')).toEqual(['cases']);
    // A table whose name only starts with a growing one's is not that one.
    expect(seqScansIn('Seq Scan on cases_archive  (cost=0.00..1.00 rows=1 width=4)')).toEqual([]);
    expect(seqScansIn('Seq Scan on pg_class  (cost=0.00..1.00 rows=1 width=4)')).toEqual([]);
  });

  it('reads the log from a byte offset, whatever characters came before it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'growth-log-'));
    try {
      // Names with accents in the log before the offset, each of these letters two bytes and one character:
      // 240 more bytes than characters, past the first plan's start.
      const names = Array.from({ length: 60 }, () => "'Éloïse Brûlé'").join(', ');
      const before = `2026-11-22 05:46:20.500 UTC [23876] LOG:  statement: SELECT ${names}\n`;
      const file = path.join(dir, 'server.log');
      writeFileSync(file, before + LOG);
      expect(plansSince(file, Buffer.byteLength(before))).toEqual(plansIn(LOG));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("holds each round's grown p99 to the same round's empty one, and takes the median of those ratios", () => {
    // Medians of each side would give 20 ÷ 20 = 1; the rounds' own ratios are 2, 0.5 and 1.5.
    expect(growthRatio([10, 40, 20], [20, 20, 30])).toBe(1.5);
    // An empty p99 under a millisecond counts as one, so a tiny denominator cannot blow the ratio up.
    expect(growthRatio([0.1], [0.9])).toBe(0.9);
  });

  it('misses a ratio whose loads had errors or refusals, however good the ratio, and says how many', () => {
    const p99 = { empty: [10, 10, 10], grown: [11, 12, 11] };
    expect(growthFigure('retrieveProfile (encrypted)', p99, 0)).toMatchObject({ value: 1.1, pass: true });
    const refused = growthFigure('retrieveProfile (encrypted)', p99, 80_700);
    expect(refused).toMatchObject({ value: 1.1, pass: false });
    expect(refused.name).toContain('80700 errors or non-2xx answers');
    expect(growthFigure('case list (PRD)', { empty: [10], grown: [16] }, 0).pass).toBe(false);
  });
});

describe('the growth bench: choosing calls', () => {
  const list = [
    { name: 'refreshJWT' },
    { name: 'officer queue: new, oldest first' },
    { name: 'officer queue: decided, page 3' },
  ];

  it('runs every call unless told otherwise, and only those whose name matches when told', () => {
    expect(selectCalls(list, undefined)).toBe(list);
    expect(selectCalls(list, 'Officer').map((c) => c.name)).toEqual([
      'officer queue: new, oldest first',
      'officer queue: decided, page 3',
    ]);
    expect(selectCalls(list, 'refresh, decided').map((c) => c.name)).toEqual([
      'refreshJWT',
      'officer queue: decided, page 3',
    ]);
  });

  it('refuses a choice that matches nothing, rather than measure nothing', () => {
    expect(() => selectCalls(list, 'payments')).toThrow(/names none of: refreshJWT/);
  });
});
