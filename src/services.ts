/**
 * createServices(deps): the one place the domain services are built, for the API (src/deps.ts), the
 * worker (src/worker.ts) and the tests' worker (test/helpers/test-worker.ts). Each service is built on
 * first use and then kept, so a process pays only for what it uses: the worker builds the screening
 * services its activities need and never the checkout or Trust Score ones.
 */
import type { Client } from '@temporalio/client';
import type { Redis } from 'ioredis';
import type { AppConfig } from './config';
import type { DatabaseNotifications } from './db/notifications';
import type { Orm } from './db/orm';
import type { Logger } from './logger';
import { AbuseMonitorClient } from './modules/acp/abuse/abuse-monitor-client';
import { WalletBlocklist } from './modules/acp/abuse/blocklist';
import { AcpJobService } from './modules/acp/acp-job.service';
import { BondService } from './modules/acp/bond/bond.service';
import { WalletGate } from './modules/acp/bond/wallet-gate';
import type { ChainClient } from './modules/acp/chain/client';
import { AskService } from './modules/ask/ask.service';
import { BatchService } from './modules/batches/batch.service';
import { CaseService } from './modules/cases/case.service';
import { CheckoutService } from './modules/checkout/checkout.service';
import { ProviderEvents } from './modules/checkout/provider-events';
import { createPspClient } from './modules/checkout/psp-client';
import { LowCreditNotifier } from './modules/credits/low-credit';
import { createScreening, type Screening } from './modules/screening/screening';
import { abnLookupFor } from './modules/trust/abn-lookup.service';
import { TrustScoreService } from './modules/trust/trust-score.service';

export interface ServiceDeps {
  config: AppConfig;
  logger: Logger;
  orm: Orm;
  notifications: DatabaseNotifications;
  /** Starts and signals workflows. The worker has none: its activities start nothing through a client. */
  temporal?: Client;
  /** Short caches (the Trust Score's); only the API holds one. */
  redis?: Redis;
  /** The EVM chain agent-job payments are verified on; none without ACP_RPC_URL. */
  chain?: ChainClient;
}

export interface Services {
  /** The live matching index and the scan service over it. */
  screening: Screening;
  lowCredit: LowCreditNotifier;
  batches: BatchService;
  cases: CaseService;
  ask: AskService;
  trustScore: TrustScoreService;
  abuseMonitor: AbuseMonitorClient;
  walletBlocklist: WalletBlocklist;
  walletGate: WalletGate;
  acpJobs: AcpJobService;
  bonds: BondService;
  checkout: CheckoutService;
  providerEvents: ProviderEvents;
}

export function createServices(deps: ServiceDeps): Services {
  const { config, logger, orm, notifications, chain } = deps;
  const temporal = (service: string): Client => {
    if (!deps.temporal) throw new Error(`The ${service} service starts workflows, and this process was built without a Temporal client`);
    return deps.temporal;
  };
  const redis = (service: string): Redis => {
    if (!deps.redis) throw new Error(`The ${service} service caches in Redis, and this process was built without one`);
    return deps.redis;
  };
  const services: Services = builtOnFirstUse<Services>({
    screening: () => createScreening(orm, logger, config, notifications),
    lowCredit: () => new LowCreditNotifier(temporal('low-credit'), config, logger),
    batches: () => new BatchService(temporal('batch'), config, {}, services.lowCredit),
    cases: () => new CaseService(config.audit.anchorKey, {}, (accountId) => services.screening.scans.forgetRulings(accountId)),
    ask: () => new AskService(config.ask, logger),
    trustScore: () => new TrustScoreService(services.screening.scans, redis('Trust Score'), config.redis.keyPrefix, logger, abnLookupFor(config, temporal('Trust Score'), logger)),
    abuseMonitor: () => new AbuseMonitorClient(temporal('abuse monitor'), config, logger),
    walletBlocklist: () => new WalletBlocklist(config.acp.walletBlocklistFile, { logger }),
    walletGate: () => new WalletGate(services.walletBlocklist, services.abuseMonitor, config),
    acpJobs: () => new AcpJobService(temporal('agent job'), config, logger, chain, services.abuseMonitor),
    bonds: () => new BondService(temporal('bond'), config, chain, services.walletBlocklist),
    checkout: () => new CheckoutService(createPspClient(config.psp), temporal('checkout'), config, logger),
    providerEvents: () => new ProviderEvents(temporal('provider events'), config, logger, services.lowCredit),
  });
  return services;
}

/** An object whose properties are built by their builder on first read, then kept. */
function builtOnFirstUse<T extends object>(builders: { [K in keyof T]: () => T[K] }): T {
  const built: Partial<T> = {};
  const target = {} as T;
  for (const key of Object.keys(builders) as (keyof T)[]) {
    Object.defineProperty(target, key, { enumerable: true, get: () => (built[key] ??= builders[key]()) });
  }
  return target;
}
