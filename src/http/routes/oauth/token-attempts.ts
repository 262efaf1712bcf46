/**
 * Who may try the token endpoint, and how often. Three separate counts, so that a stranger who knows
 * a client id (it is every token's `sub`) cannot lock that client out:
 * - every request per IP, before anything is hashed;
 * - failed client authentications per IP, checked before the secret is hashed and counted after it
 *   fails, so random client ids or guessed secrets from one address stop costing scrypt work quickly;
 * - tokens issued per client, counted only after the secret verified (only its holder can use it up).
 * Failures per client are counted too, for the log: many failures against one client from many
 * addresses are worth an operator's look, but never block the holder of the secret.
 */
import type { AppConfig } from '../../../config';
import type { Logger } from '../../../logger';
import type { MinuteWindowLimiter } from '../../../modules/rate-limits/minute-window-limiter';
import type { AppContext } from '../../context';
import { applyRateDecision, RateLimitedError } from '../../middleware/rate-limit';

/** Failed authentications of one client in a minute, from any address, before the log says so. */
const CLIENT_FAILURES_WORTH_A_WARNING = 20;

export class TokenAttempts {
  constructor(
    private readonly limiter: MinuteWindowLimiter,
    private readonly limits: AppConfig['rateLimits'],
  ) {}

  /** Before any work: the per-IP request limit, then whether this IP has failed too often. */
  async admit(ctx: AppContext): Promise<void> {
    applyRateDecision(ctx, await this.limiter.consume('token-ip', ctx.ip, this.limits.tokenPerIpPerMinute), 'of token requests from this IP address');
    const failures = await this.limiter.peek('token-fail-ip', ctx.ip, this.limits.tokenFailuresPerIpPerMinute);
    if (!failures.allowed) throw new RateLimitedError(failures, 'of failed client authentications from this IP address');
  }

  /** After a client failed to authenticate. */
  async failed(ctx: AppContext, clientId: string, log: Logger | undefined): Promise<void> {
    await this.limiter.consume('token-fail-ip', ctx.ip, this.limits.tokenFailuresPerIpPerMinute);
    const perClient = await this.limiter.consume('token-fail-client', clientId.toLowerCase(), CLIENT_FAILURES_WORTH_A_WARNING);
    if (!perClient.allowed) log?.warn({ clientId, ip: ctx.ip }, 'many failed authentications for one client this minute');
  }

  /** After the secret verified: the per-client issuance limit of the spec. */
  async issuing(ctx: AppContext, clientId: string): Promise<void> {
    applyRateDecision(ctx, await this.limiter.consume('token', clientId.toLowerCase(), this.limits.tokenPerMinute), 'of token requests for this client');
  }
}
