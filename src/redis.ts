/**
 * The Redis client for rate-limit counters and short caches. Redis is not the system of record, so
 * the service must keep serving when it is gone: commands fail fast instead of queueing, the client
 * keeps reconnecting in the background, and the outage is logged at most once a minute.
 */
import { Redis } from 'ioredis';
import type { AppConfig } from './config';
import type { Logger } from './logger';

export const REDIS_WARNING_INTERVAL_MS = 60_000;

export function createRedis(config: AppConfig['redis'], logger: Logger): Redis {
  const redis = new Redis(config.url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 1_000,
    retryStrategy: (attempt) => Math.min(attempt * 250, 2_000),
    lazyConnect: false,
  });
  let lastWarning = 0;
  redis.on('error', (err: Error) => {
    const now = Date.now();
    if (now - lastWarning < REDIS_WARNING_INTERVAL_MS) return;
    lastWarning = now;
    logger.warn({ err: err.message }, 'Redis unavailable: rate limits fail open until it is back');
  });
  redis.on('ready', () => {
    if (lastWarning !== 0) logger.info('Redis connection restored');
    lastWarning = 0;
  });
  return redis;
}

/**
 * Waits until the client is ready, or has failed once, or `ms` passed: a process should not start
 * serving while its first connection is still in flight (those requests would pass unlimited).
 */
export function settleRedis(redis: Redis, ms = 2_000): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      redis.off('error', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    redis.once('ready', done);
    redis.once('error', done);
  });
}
