/** Plans and what they allow (spec: Limits). Enterprise accounts carry their own per-minute limit. */

export const PLANS = ['free', 'starter', 'builder', 'scale', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export interface PlanLimits {
  /** Authenticated requests per client per UTC minute. */
  requestsPerMinute: number;
  /** Entities per batch request. */
  batchEntities: number;
}

const FIXED: Record<Exclude<Plan, 'enterprise'>, PlanLimits> = {
  free: { requestsPerMinute: 10, batchEntities: 10 },
  starter: { requestsPerMinute: 60, batchEntities: 50 },
  builder: { requestsPerMinute: 200, batchEntities: 100 },
  scale: { requestsPerMinute: 1_000, batchEntities: 100 },
};

/** Enterprise without a negotiated figure gets Scale's limit until one is set. */
export const ENTERPRISE_DEFAULT_REQUESTS_PER_MINUTE = 1_000;

export function planLimits(plan: Plan, customRequestsPerMinute: number | null): PlanLimits {
  if (plan === 'enterprise') return { requestsPerMinute: customRequestsPerMinute ?? ENTERPRISE_DEFAULT_REQUESTS_PER_MINUTE, batchEntities: 100 };
  return FIXED[plan];
}

export function isPlan(value: string): value is Plan {
  return (PLANS as readonly string[]).includes(value);
}
