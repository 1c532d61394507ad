import { describe, expect, it } from 'vitest';
import { medians, unexpectedBlocking } from './lighthouse.ts';

type Run = Parameters<typeof medians>[0][number];

const run = (over: Partial<Run>): Run => ({
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  lcpMs: 900,
  tbtMs: 0,
  cls: 0,
  fcpMs: 800,
  scriptBytes: 80_000,
  benchmarkIndex: 1500,
  renderBlocking: [],
  failing: [],
  ...over,
});

describe('the Lighthouse figures', () => {
  it('are each their own median over the runs, not the figures of one run', () => {
    const m = medians([
      run({ performance: 98, lcpMs: 1000, tbtMs: 0 }),
      run({ performance: 100, lcpMs: 1200, tbtMs: 200 }),
      run({ performance: 99, lcpMs: 900, tbtMs: 300 }),
    ]);
    // The run with the median score, the third, would have given LCP 900 ms and TBT 300 ms.
    expect(m).toMatchObject({ performance: 99, lcpMs: 1000, tbtMs: 200 });
    expect(medians([run({ tbtMs: 153 }), run({ tbtMs: 0 }), run({ tbtMs: 16 })]).tbtMs).toBe(16);
  });

  it('list every render-blocking request any run saw, once, and count only those besides stylesheets', () => {
    const m = medians([
      run({ renderBlocking: ['http://x/assets/index.css'] }),
      run({ renderBlocking: ['http://x/assets/index.css', 'http://x/assets/gate.js'] }),
    ]);
    expect(m.renderBlocking).toEqual(['http://x/assets/index.css', 'http://x/assets/gate.js']);
    expect(unexpectedBlocking(m.renderBlocking)).toEqual(['http://x/assets/gate.js']);
  });
});
