/**
 * A clock for the app's per-minute limits (`createAppDeps`'s `windowClock`) that stands still inside one
 * UTC minute until the test moves it: a test counting requests up to a limit never waits for a minute to
 * start and never sees one end mid-count. Everything else in the app keeps the system clock.
 */
import type { WindowClock } from '../../src/modules/rate-limits/window-clock';

export class HeldWindowClock {
  private at: number;

  /** Held halfway through the current UTC minute. */
  constructor(at = Math.floor(Date.now() / 60_000) * 60_000 + 30_000) {
    this.at = at;
  }

  readonly now: WindowClock = () => this.at;

  /** The end of the held minute, in Unix seconds: what `X-RateLimit-Reset` says. */
  get resetAt(): number {
    return Math.floor(this.at / 60_000) * 60 + 60;
  }

  /** Moves to a few seconds into the next UTC minute, where every count starts again. */
  nextMinute(): void {
    this.at = (Math.floor(this.at / 60_000) + 1) * 60_000 + 5_000;
  }
}
