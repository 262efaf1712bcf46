/** The key, kept outside the database, that anchors every case audit event (HMAC). */
import { z } from 'zod';
import { optionalString } from '../../schemas/environment-values';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const auditEnvironment = z.object({
  AUDIT_ANCHOR_KEY: optionalString.refine(
    (v) => v === undefined || Buffer.from(v, 'base64').length === 32,
    'must be 32 bytes, base64-encoded (openssl rand -base64 32)',
  ),
});

/** Development and test only; production refuses to start without AUDIT_ANCHOR_KEY (`keysRequiredInProduction`). */
const DEVELOPMENT_ANCHOR_KEY = Buffer.alloc(32, 'compliance-audit-anchor-dev-key!');

export function auditSettings(e: z.output<typeof auditEnvironment>) {
  return { anchorKey: e.AUDIT_ANCHOR_KEY ? Buffer.from(e.AUDIT_ANCHOR_KEY, 'base64') : DEVELOPMENT_ANCHOR_KEY, usingDevelopmentKey: !e.AUDIT_ANCHOR_KEY };
}
