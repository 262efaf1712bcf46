/**
 * Structured JSON logs (pino). Every request gets a child logger carrying its request id, so a log
 * line can always be tied back to the response an operator or client saw.
 */
import pino, { type DestinationStream, type Logger } from 'pino';
import type { AppConfig } from './config';

export type { Logger };

/** Secrets that must never reach a log line, wherever they appear in a logged object. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  '*.client_secret',
  '*.clientSecret',
  '*.password',
  '*.webhookSecret',
  '*.webhook_secret',
  '*.access_token',
];

/** The process logger; `name` says which process (api, worker, start, cli) wrote the line. Tests may pass a destination to read the lines. */
export function createLogger(config: Pick<AppConfig, 'log'>, name: string, destination?: DestinationStream): Logger {
  const options = {
    name,
    level: config.log.level,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return destination ? pino(options, destination) : pino(options);
}
