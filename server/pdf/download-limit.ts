import { RESPONSE_CODE } from '#contract/index.ts';
import { PDF_DOWNLOAD_LIMITS, PDF_DOWNLOAD_MESSAGES } from '#contract/downloads.ts';
import { ApiError } from '../plugins/errors.ts';

/**
 * How many PDF downloads are in flight, for each account and in this process (docs/decisions/0095). Drawing a
 * PDF holds the event loop for tens of milliseconds and never lets another request in part way, so one account
 * asking for forty at once held every other call of the process for seconds. Past either bound a download is
 * refused at once (429), before it reads or draws anything; a slot is held from the first query to the answer,
 * since that is when the download's work is waiting its turn on the loop.
 *
 * Kept in this process's memory on purpose: it counts work this process is doing, which ends with the process,
 * so there is nothing to share with another process or to lose on a restart.
 */
export class PdfDownloadLimit {
  readonly #perAccount: number;
  readonly #perProcess: number;
  readonly #byAccount = new Map<number, number>();
  #inFlight = 0;

  constructor(limits: { PER_ACCOUNT: number; PER_PROCESS: number } = PDF_DOWNLOAD_LIMITS) {
    this.#perAccount = limits.PER_ACCOUNT;
    this.#perProcess = limits.PER_PROCESS;
  }

  /** Runs one download of the account's, or refuses it with a 429 that says what to do. */
  async run<T>(accountId: number, download: () => Promise<T>): Promise<T> {
    const own = this.#byAccount.get(accountId) ?? 0;
    if (own >= this.#perAccount)
      throw new ApiError(429, RESPONSE_CODE.TOO_MANY_REQUESTS, PDF_DOWNLOAD_MESSAGES.tooManyAtOnce);
    if (this.#inFlight >= this.#perProcess)
      throw new ApiError(429, RESPONSE_CODE.TOO_MANY_REQUESTS, PDF_DOWNLOAD_MESSAGES.busy);
    this.#byAccount.set(accountId, own + 1);
    this.#inFlight += 1;
    try {
      return await download();
    } finally {
      this.#inFlight -= 1;
      const left = this.#byAccount.get(accountId)! - 1;
      if (left === 0) this.#byAccount.delete(accountId);
      else this.#byAccount.set(accountId, left);
    }
  }
}
