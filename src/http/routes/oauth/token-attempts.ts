/**
 * Who may try the token endpoint, and how often, so that no stranger can deny it to others:
 * - every request per address, before anything is hashed;
 * - failed client authentications, reserved before the secret is hashed (failure-reservations.ts):
 *   per (client, address) pair, and under a looser ceiling per address. A stranger who knows a client
 *   id (it is every token's `sub`) and guesses at it is stopped by the pair limit, well below the
 *   address ceiling, so neither the client (from its own address) nor other clients behind the
 *   stranger's address (a proxy, a NAT) are locked out; random client ids from one address meet the
 *   ceiling. A request whose secret verifies gives its reservation back.
 * - tokens issued per client, counted only after the secret verified (only its holder can use it up).
 * Addresses are grouped (IPv6 by /64, address-group.ts). When Redis is down, the request and failure
 * limits are counted in this process instead of failing open. Failures per client from any address are
 * counted too, for the log: many are worth an operator's look, but never block the holder of the secret.
 */
import type { AppConfig } from '../../../config';
import type { Logger } from '../../../logger';
import { addressGroup } from '../../../modules/rate-limits/address-group';
import { FailureReservations, type FailureReservation } from '../../../modules/rate-limits/failure-reservations';
import { InProcessWindows } from '../../../modules/rate-limits/in-process-windows';
import type { MinuteWindowLimiter, RateDecision } from '../../../modules/rate-limits/minute-window-limiter';
import type { AppContext } from '../../context';
import { applyRateDecision, RateLimitedError } from '../../middleware/rate-limit';

/** Failed authentications of one client in a minute, from any address, before the log says so. */
const CLIENT_FAILURES_WORTH_A_WARNING = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A client id as a counter key: a real id in lower case; anything else (no such client can exist) as one key, so a counter's name stays short. */
const clientKey = (clientId: string) => (UUID.test(clientId) ? clientId.toLowerCase() : 'malformed-client-id');

export class TokenAttempts {
  private readonly requests: InProcessWindows;

  constructor(
    private readonly limiter: MinuteWindowLimiter,
    private readonly failures: FailureReservations,
    private readonly limits: AppConfig['rateLimits'],
  ) {
    this.requests = new InProcessWindows(limiter.clock);
  }

  /** Before any work: the per-address request limit (kept in this process while Redis is down). */
  async admit(ctx: AppContext): Promise<void> {
    const address = addressGroup(ctx.ip);
    let decision = await this.limiter.consume('token-ip', address, this.limits.tokenPerIpPerMinute);
    if (decision.failedOpen) decision = this.counted(address, decision);
    applyRateDecision(ctx, decision, 'of token requests from this IP address');
  }

  /** Before the secret is hashed: reserves a failure for this client from this address, or refuses with 429. */
  async reserve(ctx: AppContext, clientId: string): Promise<FailureReservation> {
    const reservation = await this.failures.reserve(clientKey(clientId), addressGroup(ctx.ip));
    if (reservation.taken) return reservation;
    throw new RateLimitedError(reservation.decision, reservation.over === 'pair' ? 'of failed client authentications for this client from this IP address' : 'of failed client authentications from this IP address');
  }

  /** After a client failed to authenticate (its reservation stands). */
  async failed(ctx: AppContext, clientId: string, log: Logger | undefined): Promise<void> {
    const perClient = await this.limiter.consume('token-fail-client', clientKey(clientId), CLIENT_FAILURES_WORTH_A_WARNING);
    if (!perClient.allowed) log?.warn({ clientId, ip: ctx.ip }, 'many failed authentications for one client this minute');
  }

  /** After the secret verified: the per-client issuance limit of the spec. */
  async issuing(ctx: AppContext, clientId: string): Promise<void> {
    applyRateDecision(ctx, await this.limiter.consume('token', clientId.toLowerCase(), this.limits.tokenPerMinute), 'of token requests for this client');
  }

  /** The request limit counted in this process, for when the shared store could not be asked. */
  private counted(address: string, unchecked: RateDecision): RateDecision {
    const full = this.requests.takeAll([{ key: address, limit: this.limits.tokenPerIpPerMinute }]);
    const used = this.requests.count(address);
    return { ...unchecked, allowed: full < 0, remaining: Math.max(0, unchecked.limit - used), failedOpen: false };
  }
}
