/**
 * A newsletter sign-up: the human check first when a Turnstile secret is configured (a missing or
 * failed check is 400, Turnstile unreachable or refusing our secret is 503; nothing is stored either
 * way), then the upsert, committed, then the best-effort sync started. The answer is
 * `{subscribed: true}` once the row is stored, whatever becomes of the sync: no provider URL means
 * `not_configured` and no run; a run that cannot be started is logged and leaves the row `pending`.
 */
import type { Client } from '@temporalio/client';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config';
import { AppError } from '../../errors';
import type { Logger } from '../../logger';
import { startNewsletterSync } from './newsletter-sync';
import { normaliseEmail, upsertSubscriber } from './subscriber.store';
import { TurnstileClient } from './turnstile';

const TURNSTILE_TIMEOUT_MS = 5_000;

export interface SubscribeRequest {
  email: string;
  source: string;
  turnstile_token?: string | null;
}

export class NewsletterService {
  private readonly turnstile: TurnstileClient | undefined;

  constructor(
    private readonly config: AppConfig,
    private readonly temporal: Client,
  ) {
    const { turnstileSecret, turnstileVerifyUrl } = config.newsletter;
    this.turnstile = turnstileSecret ? new TurnstileClient({ secret: turnstileSecret, verifyUrl: turnstileVerifyUrl, timeoutMs: TURNSTILE_TIMEOUT_MS }) : undefined;
  }

  async subscribe(em: EntityManager, request: SubscribeRequest, remoteIp: string | undefined, log: Logger): Promise<{ subscribed: true }> {
    if (this.turnstile) await this.checkHuman(request.turnstile_token, remoteIp, log);
    const email = normaliseEmail(request.email);
    const syncing = this.config.newsletter.syncUrl !== undefined;
    const subscriber = await upsertSubscriber(em, { email, source: request.source, syncStatus: syncing ? 'pending' : 'not_configured' });
    log.info({ subscriberId: subscriber.id, created: subscriber.created, revision: subscriber.revision }, 'newsletter sign-up stored');
    if (syncing) {
      try {
        await startNewsletterSync(this.temporal, this.config, { ...subscriber, email });
      } catch (err) {
        log.warn({ subscriberId: subscriber.id, err: err instanceof Error ? err.message : String(err) }, 'newsletter sync not started; the subscriber stays pending');
      }
    }
    return { subscribed: true };
  }

  private async checkHuman(token: string | null | undefined, remoteIp: string | undefined, log: Logger): Promise<void> {
    const check = await this.turnstile!.verify(token, remoteIp);
    if (check.verdict === 'passed') return;
    if (check.verdict === 'failed') {
      const why = check.errorCodes.includes('missing-input-response') ? 'turnstile_token is required on this server' : `the token was refused (${check.errorCodes.join(', ')})`;
      throw new AppError(400, 'human_verification_failed', `Human verification failed: ${why}. Nothing was stored; complete the check again and resubmit.`);
    }
    if (check.misconfigured) log.error({ reason: check.reason }, 'Turnstile refused our secret: check TURNSTILE_SECRET');
    else log.warn({ reason: check.reason }, 'Turnstile verification unavailable');
    throw new AppError(503, 'service_unavailable', 'Human verification is unavailable just now, so nothing was stored; retry shortly.', { 'Retry-After': '5' });
  }
}
