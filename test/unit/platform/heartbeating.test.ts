import { MockActivityEnvironment } from '@temporalio/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_EVERY_MS, whileHeartbeating } from '../../../activities/heartbeating';

/**
 * An activity that waits on a slow call must keep heartbeating, or a heartbeat timeout of seconds
 * (which is what lets a lost worker's attempt be retried quickly) would fail every slow attempt.
 */
describe('whileHeartbeating', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('beats every second while the work waits, with the latest progress, and stops when it ends', async () => {
    const env = new MockActivityEnvironment();
    const beats: unknown[] = [];
    env.on('heartbeat', (details: unknown) => beats.push(details));
    let finish!: (value: string) => void;
    const running = env.run(() =>
      whileHeartbeating((progress) => {
        progress(7);
        return new Promise<string>((resolve) => (finish = resolve));
      }),
    );
    await vi.advanceTimersByTimeAsync(HEARTBEAT_EVERY_MS * 3);
    expect(beats).toEqual([7, 7, 7, 7]);
    finish('done');
    expect(await running).toBe('done');
    await vi.advanceTimersByTimeAsync(HEARTBEAT_EVERY_MS * 3);
    expect(beats).toHaveLength(4);
  });

  it('stops beating when the work fails, and passes the failure on', async () => {
    const env = new MockActivityEnvironment();
    let beats = 0;
    env.on('heartbeat', () => (beats += 1));
    const running = env.run(() => whileHeartbeating(() => Promise.reject(new Error('database down'))));
    await expect(running).rejects.toThrow('database down');
    await vi.advanceTimersByTimeAsync(HEARTBEAT_EVERY_MS * 3);
    expect(beats).toBe(0);
  });
});
