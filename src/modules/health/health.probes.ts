/** The real probes behind /health: a query, a PING, a Temporal health check and task-queue pollers. */
import type { Redis } from 'ioredis';
import type { Connection } from '@temporalio/client';
import { temporal as temporalProto } from '@temporalio/proto';
import type { Orm } from '../../db/orm';
import { settleRedis } from '../../redis';
import type { HealthProbes, PipelineRunSummary } from './health.service';
import { sql } from '../../db/sql';
import { lastRefreshedPerSource } from '../registers/register-load.store';
import { REGISTER_SOURCES } from '../registers/register-catalogue';
import type { ChainClient } from '../acp/chain/client';
import { currentListStatuses } from '../watchlists/list-status';

export interface ProbeDeps {
  orm: Orm;
  redis: Redis;
  temporal: { connection: Connection; namespace: string; taskQueue: string };
  /** The routes this process serves (read when probed, as the table is built after the probes). */
  routes: () => { method: string; path: string }[];
  /** The chain agent-job payments are verified on, when an RPC is configured. */
  chain?: Pick<ChainClient, 'getBlockNumber' | 'chain'>;
  /** Whether the in-process x402 facilitator has its key (it settles with the chain probed above). */
  x402Ready?: boolean;
  /** `ERC-8183 escrow rail on`, or why it is off. */
  escrowRail?: string;
  /** The list sources scans are expected to consult (PIPELINE_SCHEDULED_SOURCES). */
  expectedLists?: string[];
}

/** Each Temporal call of a probe gets this long, so a dead server fails the probe rather than hanging it. */
const TEMPORAL_CALL_MS = 1_500;

/** A client still connecting gets a moment to finish before the store counts as down. */
const REDIS_READY_WAIT_MS = 1_000;

async function lastPipelineRun(orm: Orm): Promise<PipelineRunSummary | null> {
  const rows = await sql<{ source: string; status: string; started_at: Date; finished_at: Date | null; workflow_id: string | null }[]>(orm.em, 
      'select source, status, started_at, finished_at, workflow_id from pipeline_runs order by started_at desc limit 1',
    );
  const row = rows[0];
  if (!row) return null;
  return {
    source: row.source,
    status: row.status,
    started_at: new Date(row.started_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    workflow_id: row.workflow_id,
  };
}

export function createHealthProbes(deps: ProbeDeps): HealthProbes {
  return {
    database: async () => {
      await sql(deps.orm.em, 'select 1');
      return { detail: 'PostgreSQL answered' };
    },
    rateLimitStore: async () => {
      await settleRedis(deps.redis, REDIS_READY_WAIT_MS);
      if (deps.redis.status !== 'ready') throw new Error(`Redis not connected (${deps.redis.status}); rate limits fail open`);
      await deps.redis.ping();
      return { detail: 'Redis answered PING' };
    },
    temporal: async () => {
      const { connection, namespace, taskQueue } = deps.temporal;
      // Asked afresh every time: the SDK's ensureConnected() remembers its first outcome, so a server that
      // was down at the first probe would read as down for the life of the process.
      const queue = await connection.withDeadline(Date.now() + TEMPORAL_CALL_MS, () =>
        connection.workflowService.describeTaskQueue({
          namespace,
          taskQueue: { name: taskQueue },
          taskQueueType: temporalProto.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
        }),
      );
      const pollers = queue.pollers?.length ?? 0;
      return pollers > 0
        ? { detail: `namespace ${namespace} reachable; ${pollers} worker poller(s) on ${taskQueue}` }
        : { detail: `namespace ${namespace} reachable but no worker is polling ${taskQueue}`, status: 'degraded' };
    },
    lastPipelineRun: () => lastPipelineRun(deps.orm),
    registers: async () => {
      const refreshed = await lastRefreshedPerSource(deps.orm.em.fork());
      // Every register source (the sanctions lists are the watchlists' own row).
      return Object.fromEntries(REGISTER_SOURCES.map((source) => [source, refreshed.get(source) ?? 'never']));
    },
    watchlists: async () => {
      const statuses = await currentListStatuses(deps.orm.em.fork());
      const loaded = Object.fromEntries(
        statuses.map((s) => [
          s.source,
          { version: s.versionNumber, entities: s.entityCount, loaded_at: s.createdAt.toISOString(), origin: /^https?:/.test(s.origin) ? ('official' as const) : ('file' as const), published_at: s.publishedAt },
        ]),
      );
      return { loaded, expected: deps.expectedLists ?? [] };
    },
    acp: async () => {
      // The agent-job endpoints as this process actually serves them, not a remembered constant.
      const acp = deps.routes().filter((route) => /^\/(v1\/)?acp\//.test(route.path));
      if (acp.length === 0) return { detail: 'no agent-job endpoints are mounted', status: 'degraded' };
      const served = `${acp.length} of ${acp.length} agent-job endpoints served`;
      if (!deps.chain) return { detail: `${served}; no chain RPC configured (ACP_RPC_URL): free jobs only, no payment can be verified`, status: 'degraded' };
      const block = await Promise.race([
        deps.chain.getBlockNumber(),
        new Promise<never>((_, fail) => setTimeout(() => fail(new Error(`chain RPC did not answer within ${TEMPORAL_CALL_MS} ms`)), TEMPORAL_CALL_MS)),
      ]);
      return { detail: `${served}; chain ${deps.chain.chain?.id} reachable at block ${block}; direct USDC transfers verified; x402 facilitator ${deps.x402Ready ? 'ready' : 'off (no ACP_FACILITATOR_PRIVATE_KEY)'}; ${deps.escrowRail}` };
    },
  };
}
