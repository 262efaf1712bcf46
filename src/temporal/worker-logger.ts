/** Routes the Temporal SDK's own log lines into our pino logger, so the worker writes one JSON stream. */
import type { Logger as TemporalLogger, LogLevel, LogMetadata } from '@temporalio/worker';
import type { Logger } from '../logger';

const LEVELS: Record<LogLevel, 'trace' | 'debug' | 'info' | 'warn' | 'error'> = {
  TRACE: 'trace',
  DEBUG: 'debug',
  INFO: 'info',
  WARN: 'warn',
  ERROR: 'error',
};

/**
 * The SDK logs webpack's whole workflow-bundle report (every module, several kilobytes) as one INFO
 * message. Operators need only to know the bundle compiled, which the SDK's own "Workflow bundle
 * created" line already says with its size; the report is kept at debug for whoever investigates.
 */
export function isWebpackReport(level: LogLevel, message: string): boolean {
  return level === 'INFO' && message.includes('\n') && /\bwebpack \d+\.\d+\.\d+ compiled\b/.test(message);
}

export function createWorkerLogger(logger: Logger): TemporalLogger {
  const log = (level: LogLevel, message: string, meta?: LogMetadata) => {
    if (isWebpackReport(level, message)) {
      logger.debug({ temporal: meta }, message);
      return;
    }
    logger[LEVELS[level]]({ temporal: meta }, message);
  };
  return {
    log,
    trace: (message, meta) => log('TRACE', message, meta),
    debug: (message, meta) => log('DEBUG', message, meta),
    info: (message, meta) => log('INFO', message, meta),
    warn: (message, meta) => log('WARN', message, meta),
    error: (message, meta) => log('ERROR', message, meta),
  };
}
