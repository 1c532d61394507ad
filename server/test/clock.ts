/** A clock for time rules in API tests: pass `clock.now` to buildTestApp, then move it by hand. */
export class FakeClock {
  private ms: number;

  constructor(start: Date | string = '2030-01-15T02:00:00Z') {
    this.ms = new Date(start).getTime();
  }

  readonly now = (): Date => new Date(this.ms);

  advance(ms: number): void {
    this.ms += ms;
  }

  set(date: Date | string): void {
    this.ms = new Date(date).getTime();
  }
}
