import { describe, expect, it } from 'vitest';
import { P99_TARGET_MS, RATIO_TARGET, ratioFigures } from './api.ts';
import type { LoadFigures } from './lib/load.ts';
import { newResult } from './lib/results.ts';

const load = (rps: number, p99: number, errors = 0, non2xx = 0): LoadFigures => ({
  rps,
  p50: p99 / 2,
  p99,
  max: p99 * 2,
  requests: rps * 10,
  errors,
  non2xx,
  warmupRequests: 0,
});

const figuresOf = (runs: LoadFigures[], baselines: LoadFigures[]) => {
  const result = newResult('api', 'test', 'test');
  ratioFigures(result, 'refreshJWT', runs, baselines);
  return Object.fromEntries(result.figures.map((f) => [f.name, f]));
};

describe('the API figures over rounds', () => {
  it("hold each round's load to the same round's yardstick, and take the median of those ratios", () => {
    // The rounds' own ratios are 0.5, 1 and 0.75; the medians of each side would give 3000 ÷ 3000 = 1.
    const f = figuresOf(
      [load(1000, 20), load(3000, 30), load(3000, 24)],
      [load(2000, 10), load(3000, 10), load(4000, 10)],
    );
    expect(f['refreshJWT ÷ baseline']).toMatchObject({ value: 0.75, target: `≥ ${RATIO_TARGET}×`, pass: true });
    expect(f['refreshJWT req/s']).toMatchObject({ value: 3000 });
    expect(f['refreshJWT p99']).toMatchObject({ value: 24, target: `≤ ${P99_TARGET_MS} ms`, pass: true });
    expect(f['refreshJWT errors']).toMatchObject({ value: 0, pass: true });
  });

  it('miss at a ratio under 0.6 or a p99 over 25 ms, and count the errors and failed answers of every round', () => {
    const f = figuresOf([load(590, 25.01, 1), load(590, 25.01, 0, 2)], [load(1000, 10), load(1000, 10)]);
    expect(f['refreshJWT ÷ baseline']).toMatchObject({ value: 0.59, pass: false });
    expect(f['refreshJWT p99']).toMatchObject({ pass: false });
    expect(f['refreshJWT errors']).toMatchObject({ value: 3, pass: false });
  });

  it('meet them at exactly the targets', () => {
    const f = figuresOf([load(600, P99_TARGET_MS)], [load(1000, 10)]);
    expect(f['refreshJWT ÷ baseline']!.pass).toBe(true);
    expect(f['refreshJWT p99']!.pass).toBe(true);
  });
});
