import { MockActivityEnvironment } from '@temporalio/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_EVERY_MS, throttledHeartbeat, whileHeartbeating } from '../../../activities/heartbeating';

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

  it('sends progress reported after every customer at most once a second, with the report of that moment', async () => {
    const env = new MockActivityEnvironment();
    const beats: unknown[] = [];
    env.on('heartbeat', (details: unknown) => beats.push(details));
    await env.run(async () => {
      const progress = throttledHeartbeat();
      for (let customer = 1; customer <= 2_500; customer += 1) {
        progress(customer);
        await vi.advanceTimersByTimeAsync(1); // a customer screened every millisecond
      }
    });
    expect(beats).toEqual([1, 1001, 2001]);
  });

  it('keeps the timer beating with the latest report between throttled beats', async () => {
    const env = new MockActivityEnvironment();
    const beats: unknown[] = [];
    env.on('heartbeat', (details: unknown) => beats.push(details));
    await env.run(() =>
      whileHeartbeating(async (progress) => {
        for (let customer = 1; customer <= 1_500; customer += 1) {
          progress(customer);
          await vi.advanceTimersByTimeAsync(1);
        }
      }),
    );
    // The first report, then the timer at 1 s (with the report of that moment), then the next report a second after the first.
    expect(beats.slice(0, 2)).toEqual([1, 1000]);
    expect(beats.length).toBeLessThanOrEqual(4);
  });
});
