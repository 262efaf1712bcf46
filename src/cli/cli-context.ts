/** What every admin command gets: the config, a fresh entity manager, and output helpers (JSON with --json). */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config';
import type { Orm } from '../db/orm';

/** A mistake in how the command was called: reported without a stack trace, exit code 2. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

export interface CliContext {
  config: AppConfig;
  orm: Orm;
  em(): EntityManager;
  /** --json: output (and errors, as `{"detail": ...}`) for scripts. */
  json: boolean;
  print(value: unknown): void;
  note(line: string): void;
}

/** Prints records as aligned `key: value` lines for people, or as JSON for scripts. */
export function createPrinter(json: boolean): (value: unknown) => void {
  return (value) => {
    if (json) return void process.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
    const records = Array.isArray(value) ? value : [value];
    if (records.length === 0) return void process.stdout.write('(none)\n');
    for (const record of records as Record<string, unknown>[]) {
      const width = Math.max(...Object.keys(record).map((k) => k.length));
      for (const [key, field] of Object.entries(record)) process.stdout.write(`${key.padEnd(width)}  ${field instanceof Date ? field.toISOString() : String(field)}\n`);
      if (records.length > 1) process.stdout.write('\n');
    }
  };
}
