/**
 * Everything the API process holds open: the ORM, Redis and the Temporal client. Built once at boot,
 * handed to createApp, and closed in reverse order at shutdown.
 */
import { Client, Connection } from '@temporalio/client';
import type { AppConfig } from './config';
import { openOrm, type Orm } from './db/orm';
import type { Logger } from './logger';
import { createRedis, settleRedis } from './redis';
import type { Redis } from 'ioredis';
import { temporalConnectionOptions } from './temporal/connection-options';
import { AccessTokens } from './modules/identity/access-tokens';
import { CallerCache } from './modules/identity/caller-cache';
import { DatabaseNotifications } from './db/notifications';
import type { Screening } from './modules/screening/screening';
import { createServices, type Services } from './services';
import { SigningKeyStore } from './modules/identity/signing-keys';
import { MinuteWindowLimiter } from './modules/rate-limits/minute-window-limiter';
import { systemClock, type WindowClock } from './modules/rate-limits/window-clock';
import { FailureReservations } from './modules/rate-limits/failure-reservations';
import { SecretHashingGate } from './modules/identity/secret-hashing-gate';
import { createChainClient, type ChainClient } from './modules/acp/chain/client';

export interface AppDeps {
  config: AppConfig;
  logger: Logger;
  orm: Orm;
  redis: Redis;
  temporal: { connection: Connection; client: Client };
  /**
   * `secretHashing` bounds client secrets hashed at once (its `counts` are a probe for tests);
   * `tokenFailures` reserves failed token-endpoint authentications before hashing.
   */
  identity: { keys: SigningKeyStore; tokens: AccessTokens; callers: CallerCache; secretHashing: SecretHashingGate; tokenFailures: FailureReservations };
  limiter: MinuteWindowLimiter;
  notifications: DatabaseNotifications;
  /** The domain services (built on first use); `screening` is `services.screening`, named for the many callers. */
  services: Services;
  screening: Screening;
  /** The EVM chain agent-job payments are verified on; none without ACP_RPC_URL (free jobs only). */
  chain: ChainClient | undefined;
}

/**
 * Opens every dependency lazily: the API starts even when PostgreSQL, Redis or Temporal are down.
 * `windowClock` is what the per-minute limits count by (the system clock unless a test holds one).
 */
export async function createAppDeps(config: AppConfig, logger: Logger, windowClock: WindowClock = systemClock): Promise<AppDeps> {
  const orm = await openOrm(config.db);
  const redis = createRedis(config.redis, logger);
  await settleRedis(redis);
  const connection = Connection.lazy({ ...temporalConnectionOptions(config), connectTimeout: config.temporal.connectTimeoutMs });
  const client = new Client({ connection, namespace: config.temporal.namespace });
  const keys = new SigningKeyStore(() => orm.em.fork(), config.auth.encryptionKey, config.auth.tokenTtlSeconds);
  const tokens = new AccessTokens(keys, config.auth.issuer, config.auth.audience);
  const limiter = new MinuteWindowLimiter(redis, config.redis.keyPrefix, logger, windowClock);
  const secretHashing = new SecretHashingGate(config.rateLimits.tokenSecretHashingConcurrency);
  const tokenFailures = new FailureReservations(redis, config.redis.keyPrefix, logger, {
    perPair: config.rateLimits.tokenFailuresPerClientIpPerMinute,
    perAddress: config.rateLimits.tokenFailuresPerIpPerMinute,
  }, windowClock);
  const notifications = new DatabaseNotifications(config.db.url, logger);
  const callers = new CallerCache(notifications);
  const chain = config.acp.rpcUrl ? createChainClient(config.acp.rpcUrl, config.acp.chainId) : undefined;
  const services = createServices({ config, logger, orm, notifications, temporal: client, redis, chain });
  const screening = services.screening;
  await notifications.start();
  await screening.index.rebuild().catch((err) => logger.error({ err }, 'matching index not built at start: scans see no lists until it is'));
  if (config.auth.usingDevelopmentKey && config.env !== 'test') {
    logger.warn('SECRETS_ENCRYPTION_KEY is not set: using the development key (never do this in production)');
  }
  if (config.audit.usingDevelopmentKey && config.env !== 'test') {
    logger.warn('AUDIT_ANCHOR_KEY is not set: audit events are anchored with the development key (never do this in production)');
  }
  return { config, logger, orm, redis, temporal: { connection, client }, identity: { keys, tokens, callers, secretHashing, tokenFailures }, limiter, notifications, services, screening, chain };
}

export async function closeAppDeps(deps: AppDeps): Promise<void> {
  await deps.notifications.close();
  await deps.temporal.connection.close().catch(() => {});
  deps.redis.disconnect();
  await deps.orm.close(true);
}
