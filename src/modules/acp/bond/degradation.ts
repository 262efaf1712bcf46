/**
 * Degraded responses for a wallet under verification, as the manifest discloses: every confidence
 * score in the deliverable is lowered by {@link DEGRADED_CONFIDENCE_FACTOR}, and the deliverable is
 * marked (`verification`), so neither the buyer nor anyone it passes the result to can mistake it for
 * a full-confidence answer. The stored scan record itself is never altered: only what the agent receives.
 */

/**
 * Why 0.75: a wallet under verification has shown scripted or structured use, so we will not hand it
 * our strongest signal at full strength; a quarter off moves a strong name match (0.9) below the usual
 * 0.7 review line only when it was borderline, so the answer stays useful but visibly weaker.
 */
export const DEGRADED_CONFIDENCE_FACTOR = 0.75;

/** Fields that carry a confidence score in our deliverables (match `score`, any `confidence`). */
const CONFIDENCE_FIELDS = new Set(['score', 'confidence', 'match_score']);

export interface VerificationMarker {
  wallet_status: 'under_verification';
  degraded: true;
  confidence_factor: number;
  detail: string;
}

/** A copy of the deliverable with confidence lowered and the marker attached. */
export function degradeDeliverable(result: Record<string, unknown>, cleanWindowEndsAt: string | null): Record<string, unknown> {
  const marker: VerificationMarker = {
    wallet_status: 'under_verification',
    degraded: true,
    confidence_factor: DEGRADED_CONFIDENCE_FACTOR,
    detail: `This wallet is under verification (verification bond held in escrow${cleanWindowEndsAt ? ` until ${cleanWindowEndsAt}` : ''}); confidence scores are multiplied by ${DEGRADED_CONFIDENCE_FACTOR}. See GET /acp/wallets/{address}.`,
  };
  return { ...(lower(result) as Record<string, unknown>), verification: marker };
}

function lower(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(lower);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      CONFIDENCE_FIELDS.has(key) && typeof inner === 'number' ? Math.round(inner * DEGRADED_CONFIDENCE_FACTOR * 1000) / 1000 : lower(inner),
    ]),
  );
}
