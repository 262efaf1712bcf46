/** The abuse monitor's steps: review the traffic, hand new flags to the wallets' bond workflows. */
import { markFlagsHandled, unhandledFlags } from '../src/modules/acp/abuse/flags';
import { reviewTraffic, type ReviewPass } from '../src/modules/acp/abuse/traffic-review';
import type { FlagRef } from '../workflows/definitions';
import type { ActivityDeps } from './deps';

export const bondWorkflowId = (wallet: string) => `bond-${wallet.toLowerCase()}`;

export function createAbuseActivities(deps: ActivityDeps) {
  return {
    async reviewAgentTraffic(input: { since: string | null }): Promise<ReviewPass> {
      const pass = await reviewTraffic(deps.orm.em.fork(), input.since);
      if (pass.flagsRecorded) deps.logger.warn({ ...pass }, 'abuse monitor flagged agent-job traffic');
      return pass;
    },

    async pendingWalletFlags(input: { limit: number }): Promise<FlagRef[]> {
      return (await unhandledFlags(deps.orm.em.fork(), input.limit)).map((f) => ({
        id: f.id,
        wallet: f.address,
        rule: f.rule,
        pattern: f.pattern,
        summary: f.summary,
        bondWorkflowId: bondWorkflowId(f.address),
      }));
    },

    async markWalletFlagsHandled(input: { ids: string[] }): Promise<void> {
      await markFlagsHandled(deps.orm.em.fork(), input.ids);
    },
  };
}

export type AbuseActivities = ReturnType<typeof createAbuseActivities>;
