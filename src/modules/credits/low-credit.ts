/**
 * Low-credit events: `credits.low_80` when 80 % of the credits are used, `credits.low_95` at 95 %, each
 * sent once per crossing through the ordinary signed webhook delivery (docs/decisions/0010-low-credit-events.md, "Low-credit
 * events").
 *
 * "Used" is measured against the reference: the balance right after the account's most recent grant
 * (kept on `credit_balances`, set by every grant). A balance that only ever falls from what was bought
 * gives the customer a warning in time to buy more; measuring against the total ever granted would
 * make the warnings ever rarer on an old account, and against a fixed number would mean nothing to a
 * small one.
 *
 * Once per crossing: the event's subject is `<account>:<reference grant entry>:<80|95>`, and webhook
 * events are unique on (type, subject), so a refund that lifts the balance back over the line and the
 * next debit that crosses it again find the event already there and send nothing; the next grant is a
 * new reference, so its crossings are new events.
 *
 * The notifier runs after the debit's transaction committed (an event for a debit that rolled back
 * would be false), and never throws: a warning must not cost the customer the scan or batch that paid.
 * The non-crossing path costs no query at all (the debit already returned what is needed to decide).
 */
import { WorkflowExecutionAlreadyStartedError, WorkflowIdReusePolicy, type Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { WebhookDeliveryInput, Workflows } from '../../../workflows/definitions';
import type { AppConfig } from '../../config';
import { sql } from '../../db/sql';
import type { Logger } from '../../logger';
import { webhookPolicy } from '../../temporal/workflow-inputs';
import { createWebhookEvent } from '../webhooks/webhook-event.store';
import type { BalanceChange } from './ledger';

export type LowCreditThreshold = 80 | 95;

/** Each threshold and the share of the reference that is left when it is reached, in whole percent. */
const THRESHOLDS: readonly { percent: LowCreditThreshold; leftPercent: number }[] = [
  { percent: 80, leftPercent: 20 },
  { percent: 95, leftPercent: 5 },
];

/**
 * The balance at or below which `percent` of the reference counts as used: floor(reference × left).
 * In integers (× 20 / 100, not × 0.2), so no floating-point rounding can move a line by a credit.
 */
export function lowCreditLine(reference: number, percent: LowCreditThreshold): number {
  const { leftPercent } = THRESHOLDS.find((t) => t.percent === percent)!;
  return Math.floor((reference * leftPercent) / 100);
}

/**
 * The thresholds one movement crossed, 80 before 95: those whose line the balance was above before
 * and is at or below after (a batch reservation taking many credits at once can cross both). None
 * when the balance did not fall or when there is no reference (no grant yet, or a grant to zero).
 */
export function lowCreditCrossings(before: number, after: number, reference: number): LowCreditThreshold[] {
  if (!(reference > 0) || after >= before) return [];
  return THRESHOLDS.filter((t) => {
    const line = lowCreditLine(reference, t.percent);
    return before > line && line >= after;
  }).map((t) => t.percent);
}

/** The share of the reference used at `balance`, in percent with one decimal. */
export function usedPercent(balance: number, reference: number): number {
  return Math.round(((reference - balance) * 1000) / reference) / 10;
}

/**
 * Where an account's webhooks go: there is no registration of its own, so the most recent URL the
 * account gave on a batch job or a monitoring enrolment, signed with the secret of the client that gave it.
 */
export async function lowCreditTarget(em: EntityManager, accountId: string): Promise<{ url: string; clientId: string } | undefined> {
  const [row] = await sql<{ url: string; client_id: string }[]>(
    em,
    `select url, client_id from (
       (select webhook_url as url, client_id, created_at as at from batch_jobs where account_id = ? and webhook_url is not null order by created_at desc limit 1)
       union all
       (select webhook_url as url, client_id, enrolled_at as at from monitoring_enrolments where account_id = ? and webhook_url is not null order by enrolled_at desc limit 1)
     ) given order by at desc limit 1`,
    [accountId, accountId],
  );
  return row ? { url: row.url, clientId: row.client_id } : undefined;
}

/**
 * Turns a committed balance movement into low-credit events and starts their delivery
 * (`webhook-<event_id>`, the workflow every other event uses) with the API's Temporal client.
 */
export class LowCreditNotifier {
  constructor(
    private readonly temporal: Client,
    private readonly config: AppConfig,
    private readonly logger: Logger,
  ) {}

  /**
   * Call after the movement's transaction committed. Does nothing (and asks nothing of the database)
   * unless a threshold was crossed; never throws.
   */
  async afterCommit(em: EntityManager, change: BalanceChange | null | undefined): Promise<void> {
    if (!change?.referenceEntryId) return;
    const crossed = lowCreditCrossings(change.before, change.after, change.referenceBalance);
    if (crossed.length === 0) return;
    try {
      await this.announce(em.fork(), { ...change, referenceEntryId: change.referenceEntryId }, crossed);
    } catch (err) {
      this.logger.error({ err, accountId: change.accountId, thresholds: crossed }, 'low-credit event not created');
    }
  }

  private async announce(em: EntityManager, change: BalanceChange & { referenceEntryId: string }, crossed: LowCreditThreshold[]): Promise<void> {
    const target = await lowCreditTarget(em, change.accountId);
    if (!target) {
      this.logger.info({ accountId: change.accountId, thresholds: crossed, balance: change.after }, 'credits low, but the account gave no webhook URL: no event');
      return;
    }
    for (const threshold of crossed) {
      const event = await createWebhookEvent(em, {
        accountId: change.accountId,
        clientId: target.clientId,
        eventType: `credits.low_${threshold}`,
        subjectId: `${change.accountId}:${change.referenceEntryId}:${threshold}`,
        targetUrl: target.url,
        data: {
          account_id: change.accountId,
          balance: change.after,
          reference_balance: change.referenceBalance,
          used_percent: usedPercent(change.after, change.referenceBalance),
          threshold_percent: threshold,
        },
      });
      // Delivered or given up already: this crossing was announced (the balance came back over the line).
      if (event.status === 'pending') await this.startDelivery(event.id);
    }
  }

  /**
   * A start that fails is logged, not thrown: the event row is committed and pending, and the
   * recovery schedule starts the delivery of any pending event whose workflow never began.
   */
  private async startDelivery(eventId: string): Promise<void> {
    const input: WebhookDeliveryInput = { eventId, policy: webhookPolicy(this.config) };
    try {
      await this.temporal.withDeadline(Date.now() + this.config.batch.startDeadlineMs, () =>
        this.temporal.workflow.start<Workflows['webhookDeliveryWorkflow']>('webhookDeliveryWorkflow', {
          taskQueue: this.config.temporal.taskQueue,
          workflowId: `webhook-${eventId}`, // the id recovery and the other events' starts use
          args: [input],
          workflowIdReusePolicy: WorkflowIdReusePolicy.ALLOW_DUPLICATE_FAILED_ONLY,
        }),
      );
    } catch (err) {
      if (err instanceof WorkflowExecutionAlreadyStartedError) return;
      this.logger.warn({ err, eventId }, 'low-credit webhook delivery not started: the recovery schedule will start it');
    }
  }
}
