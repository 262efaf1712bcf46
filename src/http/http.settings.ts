/** Where the API listens and how it reads the proxies in front of it. */
import { z } from 'zod';
import { bool, port, optionalString } from '../schemas/environment-values';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const httpEnvironment = z.object({
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: port.default(8000),
  API_PROCESSES: z.coerce.number().int().min(1).max(64).default(1),
  PUBLIC_BASE_URL: optionalString.pipe(z.url().optional()),
  TRUST_PROXY: bool.default(false),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
});

/** `proxyHops`: how many proxies we run in front of the API; the client IP is that many entries from the right of X-Forwarded-For. */
export function httpSettings(e: z.output<typeof httpEnvironment>) {
  return {
    host: e.HOST,
    port: e.PORT,
    publicBaseUrl: e.PUBLIC_BASE_URL ?? `http://${e.HOST === '0.0.0.0' ? '127.0.0.1' : e.HOST}:${e.PORT}`,
    trustProxy: e.TRUST_PROXY,
    proxyHops: e.TRUST_PROXY_HOPS,
    processes: e.API_PROCESSES,
  };
}
