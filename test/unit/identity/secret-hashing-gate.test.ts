import { describe, expect, it } from 'vitest';
import { SecretHashingBusyError, SecretHashingGate } from '../../../src/modules/identity/secret-hashing-gate';

/** A hash that finishes when the test says so. */
function pending() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { run: () => done, finish };
}

describe('the bound on client secrets hashed at once', () => {
  it('runs at most `concurrency` hashes together, queues the next, and refuses beyond the queue', async () => {
    const gate = new SecretHashingGate(2, 1);
    const hashes = [pending(), pending(), pending()];
    const running = hashes.map((h) => gate.run(h.run));
    await Promise.resolve();
    expect(gate.counts).toEqual({ started: 2, peak: 2 }); // the third waits
    await expect(gate.run(async () => 'never')).rejects.toBeInstanceOf(SecretHashingBusyError);
    hashes[0]!.finish();
    await running[0];
    await new Promise((r) => setImmediate(r));
    expect(gate.counts).toEqual({ started: 3, peak: 2 }); // the slot passed to the waiting one
    hashes[1]!.finish();
    hashes[2]!.finish();
    await Promise.all(running);
    expect(await gate.run(async () => 'free again')).toBe('free again');
  });

  it('frees its slot when a hash fails', async () => {
    const gate = new SecretHashingGate(1, 0);
    await expect(gate.run(async () => Promise.reject(new Error('scrypt failed')))).rejects.toThrow('scrypt failed');
    expect(await gate.run(async () => 'next')).toBe('next');
  });
});
