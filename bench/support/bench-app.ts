/**
 * Benchmark support: a dedicated, freshly migrated database per run (`<name>_bench_<bench>`), and
 * percentiles. The in-process app is the tests' own (test/helpers/test-app.ts).
 */
import { Client } from 'pg';
import { loadConfig, type AppConfig } from '../../src/config';
import { migrate } from '../../src/db/migrate';

/** A fresh database per benchmark run, so figures never depend on leftovers. */
export async function freshBenchConfig(name: string, overrides: Record<string, string> = {}): Promise<AppConfig> {
  const base = loadConfig({ ...process.env, LOG_LEVEL: 'silent', ...overrides });
  const url = new URL(base.db.ownerUrl);
  const database = `${url.pathname.slice(1)}_bench_${name}`;
  const admin = new URL(base.db.ownerUrl);
  admin.pathname = '/postgres';
  const client = new Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists "${database}" with (force)`);
  await client.end();
  url.pathname = `/${database}`;
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', REDIS_KEY_PREFIX: `bench:${Date.now()}:`, ...overrides, DATABASE_URL: url.toString() });
  await migrate(config.db);
  return config;
}

/** Median and percentiles of a list of milliseconds. */
export function percentiles(samples: number[]): { p50: number; p95: number; p99: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
  return { p50: at(0.5), p95: at(0.95), p99: at(0.99) };
}

export const ms = (n: number) => `${n.toFixed(3)} ms`;
