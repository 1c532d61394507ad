/** What the scale tests' simulated users send, and how they pace it. */

/** A complete Payment by Debtor record (passes the form's final rules, so it can be submitted). */
export const PD_VALID = {
  debtorIdNumber: 'S9470855I',
  paymentAmount: { amount: '150.25', currency: 'SGD' },
  paymentMethod: 'GIRO',
  paymentDate: '2026-01-15',
  creditors: [],
  proofOfPayment: [],
  remarks: '',
  declaration: true,
};

/** The same as a draft. */
export const PD_DRAFT = { ...PD_VALID, remarks: 'draft' };

/**
 * Runs task(0..count-1) with at most `concurrency` in flight; answers the results in order. Keeps the
 * load modest on a small machine while still overlapping calls on both processes.
 */
export async function inBatches<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const results: T[] = new Array<T>(count);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      results[i] = await task(i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return results;
}
