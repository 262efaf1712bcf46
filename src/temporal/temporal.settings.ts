/** Which Temporal the API and the worker talk to, and the local dev server `npm start` runs when none is set. */
import { z } from 'zod';
import { port, optionalString } from '../schemas/environment-values';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const temporalEnvironment = z.object({
  TEMPORAL_ADDRESS: optionalString,
  TEMPORAL_NAMESPACE: z.string().min(1).default('default'),
  TEMPORAL_TASK_QUEUE: z.string().min(1).default('compliance'),
  TEMPORAL_TLS_CERT_PATH: optionalString,
  TEMPORAL_TLS_KEY_PATH: optionalString,
  TEMPORAL_TLS_CA_PATH: optionalString,
  TEMPORAL_API_KEY: optionalString,
  TEMPORAL_CLI_PATH: optionalString,
  TEMPORAL_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  TEMPORAL_DEV_PORT: port.default(7233),
  TEMPORAL_UI_PORT: port.default(8233),
});

export function temporalSettings(e: z.output<typeof temporalEnvironment>) {
  const tlsWanted = e.TEMPORAL_TLS_CERT_PATH || e.TEMPORAL_TLS_KEY_PATH || e.TEMPORAL_TLS_CA_PATH;
  return {
    /** Unset: `npm start` runs the dev server itself on `devPort`. */
    address: e.TEMPORAL_ADDRESS,
    namespace: e.TEMPORAL_NAMESPACE,
    taskQueue: e.TEMPORAL_TASK_QUEUE,
    tls: tlsWanted ? { certPath: e.TEMPORAL_TLS_CERT_PATH, keyPath: e.TEMPORAL_TLS_KEY_PATH, caPath: e.TEMPORAL_TLS_CA_PATH } : undefined,
    apiKey: e.TEMPORAL_API_KEY,
    cliPath: e.TEMPORAL_CLI_PATH,
    /** How long the API's client waits for a first connection before a call fails (the SDK's default, 10 s). */
    connectTimeoutMs: e.TEMPORAL_CONNECT_TIMEOUT_MS,
    devPort: e.TEMPORAL_DEV_PORT,
    uiPort: e.TEMPORAL_UI_PORT,
  };
}

/** Address the API and worker use: the configured cluster, or the local dev server. */
export function temporalAddress(config: { temporal: Pick<ReturnType<typeof temporalSettings>, 'address' | 'devPort'> }): string {
  return config.temporal.address ?? `127.0.0.1:${config.temporal.devPort}`;
}
