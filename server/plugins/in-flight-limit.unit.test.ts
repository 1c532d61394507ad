import { describe, expect, it } from 'vitest';
import { RESPONSE_CODE } from '#contract/index.ts';
import { PDF_DOWNLOAD_LIMITS, PDF_DOWNLOAD_MESSAGES } from '#contract/downloads.ts';
import { InFlightLimit } from './in-flight-limit.ts';

/** A download that goes on until the test lets it finish (or fail). */
function heldDownload() {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve('drawn');
    fail = reject;
  });
  return { run: () => done, finish, fail };
}

const refusedWith = (message: string) =>
  expect.objectContaining({ statusCode: 429, responseCode: RESPONSE_CODE.TOO_MANY_REQUESTS, message });

describe('InFlightLimit (PDF downloads)', () => {
  it("refuses any account's download while the process has its bound in flight, and lets one in once one ends", async () => {
    expect(PDF_DOWNLOAD_LIMITS).toEqual({ PER_ACCOUNT: 2, PER_PROCESS: 4 });
    const limit = new InFlightLimit(PDF_DOWNLOAD_LIMITS, PDF_DOWNLOAD_MESSAGES);
    const held = [heldDownload(), heldDownload(), heldDownload(), heldDownload()];
    const running = held.map((download, i) => limit.run(1 + (i % 2), download.run));

    await expect(limit.run(3, async () => 'drawn')).rejects.toEqual(refusedWith(PDF_DOWNLOAD_MESSAGES.busy));

    held[0]!.finish();
    await expect(running[0]).resolves.toBe('drawn');
    await expect(limit.run(3, async () => 'drawn')).resolves.toBe('drawn');
    for (const download of held.slice(1)) download.finish();
    await Promise.all(running);
  });

  it('gives the slot of a download that failed back', async () => {
    const limit = new InFlightLimit(PDF_DOWNLOAD_LIMITS, PDF_DOWNLOAD_MESSAGES);
    const held = [heldDownload(), heldDownload()];
    const running = held.map((download) => limit.run(1, download.run));
    await expect(limit.run(1, async () => 'drawn')).rejects.toEqual(refusedWith(PDF_DOWNLOAD_MESSAGES.tooManyAtOnce));

    held[0]!.fail(new Error('no such record'));
    await expect(running[0]).rejects.toThrow('no such record');
    await expect(limit.run(1, async () => 'drawn')).resolves.toBe('drawn');
    held[1]!.finish();
    await running[1];
  });
});
