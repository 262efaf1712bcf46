/** Who issues our access tokens, for whom, for how long, and the key that encrypts secrets at rest. */
import { z } from 'zod';
import { optionalString } from '../../schemas/environment-values';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const identityEnvironment = z.object({
  AUTH_ISSUER: optionalString,
  AUTH_AUDIENCE: z.string().min(1).default('compliance-intelligence-api'),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3_600),
  SECRETS_ENCRYPTION_KEY: optionalString.refine(
    (v) => v === undefined || Buffer.from(v, 'base64').length === 32,
    'must be 32 bytes, base64-encoded (openssl rand -base64 32)',
  ),
});

/**
 * Development and test only: a fixed key so a fresh clone works without setup. Production refuses to
 * start without SECRETS_ENCRYPTION_KEY (`keysRequiredInProduction` in src/config.ts).
 */
const DEVELOPMENT_ENCRYPTION_KEY = Buffer.alloc(32, 'compliance-intelligence-dev-key!');

/** `publicBaseUrl`: PUBLIC_BASE_URL as set (the issuer when AUTH_ISSUER is not). */
export function authSettings(e: z.output<typeof identityEnvironment>, publicBaseUrl: string | undefined) {
  return {
    issuer: e.AUTH_ISSUER ?? publicBaseUrl ?? 'compliance-intelligence',
    audience: e.AUTH_AUDIENCE,
    tokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    /** 32-byte key that encrypts webhook secrets and signing keys at rest. */
    encryptionKey: e.SECRETS_ENCRYPTION_KEY ? Buffer.from(e.SECRETS_ENCRYPTION_KEY, 'base64') : DEVELOPMENT_ENCRYPTION_KEY,
    /** True when no key was configured and the development key is in use. */
    usingDevelopmentKey: !e.SECRETS_ENCRYPTION_KEY,
  };
}
