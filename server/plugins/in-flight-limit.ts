import { RESPONSE_CODE } from '#contract/index.ts';
import { ApiError } from './errors.ts';

/**
 * How many of one kind of costly request are in flight, for each account and in this process: PDF downloads
 * (docs/decisions/0095) and uploads (0115). Their work holds the event loop, or the process's memory, and one
 * account sending forty at once held every other call of the process for seconds. Past either bound a request
 * is refused at once (429, with a message that says what to do), before it reads or draws anything.
 *
 * Kept in this process's memory on purpose: it counts work this process is doing, which ends with the process,
 * so there is nothing to share with another process or to lose on a restart.
 */
export class InFlightLimit {
  readonly #limits: { PER_ACCOUNT: number; PER_PROCESS: number };
  readonly #messages: { tooManyAtOnce: string; busy: string };
  readonly #byAccount = new Map<number, number>();
  #inFlight = 0;

  constructor(limits: { PER_ACCOUNT: number; PER_PROCESS: number }, messages: { tooManyAtOnce: string; busy: string }) {
    this.#limits = limits;
    this.#messages = messages;
  }

  /** Runs one request's work for the account, or refuses it with a 429 that says what to do. */
  async run<T>(accountId: number, work: () => Promise<T>): Promise<T> {
    const own = this.#byAccount.get(accountId) ?? 0;
    if (own >= this.#limits.PER_ACCOUNT)
      throw new ApiError(429, RESPONSE_CODE.TOO_MANY_REQUESTS, this.#messages.tooManyAtOnce);
    if (this.#inFlight >= this.#limits.PER_PROCESS)
      throw new ApiError(429, RESPONSE_CODE.TOO_MANY_REQUESTS, this.#messages.busy);
    this.#byAccount.set(accountId, own + 1);
    this.#inFlight += 1;
    try {
      return await work();
    } finally {
      this.#inFlight -= 1;
      const left = this.#byAccount.get(accountId)! - 1;
      if (left === 0) this.#byAccount.delete(accountId);
      else this.#byAccount.set(accountId, left);
    }
  }
}
