/**
 * How API, worker and tools reach Temporal: the local dev server by default, or a cluster / Temporal
 * Cloud through TEMPORAL_ADDRESS with mTLS files or an API key.
 */
import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from '@temporalio/client';
import { temporalAddress, type AppConfig } from '../config';

/** The options both the client Connection and the worker's NativeConnection accept. */
export type TemporalConnectionOptions = Pick<ConnectionOptions, 'address' | 'tls'> & { apiKey?: string };

export function temporalConnectionOptions(config: AppConfig): TemporalConnectionOptions {
  const { tls, apiKey } = config.temporal;
  return {
    address: temporalAddress(config),
    ...(tls
      ? {
          tls: {
            ...(tls.caPath ? { serverRootCACertificate: readFileSync(tls.caPath) } : {}),
            ...(tls.certPath && tls.keyPath
              ? { clientCertPair: { crt: readFileSync(tls.certPath), key: readFileSync(tls.keyPath) } }
              : {}),
          },
        }
      : apiKey
        ? { tls: true }
        : {}),
    ...(apiKey ? { apiKey } : {}),
  };
}
