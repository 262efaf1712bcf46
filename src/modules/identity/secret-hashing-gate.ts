/**
 * A bound on how many client secrets are hashed at once in this process. scrypt at our cost takes tens
 * of milliseconds of a CPU and 32 MB each, on libuv's small thread pool, which file reads, DNS lookups
 * and compression share; a burst of token requests from many addresses (each within its own limits)
 * must not take every core. Hashes beyond the bound wait their turn; when too many are already waiting
 * the request is refused (429, retry in a second) instead of queueing without end.
 */
import { availableParallelism } from 'node:os';

export class SecretHashingBusyError extends Error {
  override name = 'SecretHashingBusyError';
}

export class SecretHashingGate {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  /** Test probe: how many hashes were started, and the most that ever ran at once. */
  readonly counts = { started: 0, peak: 0 };

  constructor(
    readonly concurrency = availableParallelism(),
    readonly maxWaiting = concurrency * 32,
  ) {}

  /** Runs `hash` when a slot is free; throws {@link SecretHashingBusyError} when the queue is full. */
  async run<T>(hash: () => Promise<T>): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw new SecretHashingBusyError('too many client secrets are being checked; retry in a second');
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active += 1;
    }
    this.counts.started += 1;
    this.counts.peak = Math.max(this.counts.peak, this.active);
    try {
      return await hash();
    } finally {
      const next = this.waiting.shift();
      if (next) next(); // the slot passes straight to the next waiter
      else this.active -= 1;
    }
  }
}
