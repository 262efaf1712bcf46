/**
 * Resident set sizes of the stack's processes, read from /proc (Linux): each API process and the
 * cluster primary, the worker, the Temporal dev server, Redis, and the PostgreSQL backends serving the
 * bench database together. A backend's resident set counts the shared buffers it has touched, which
 * grows as it reads more of the cache without being a leak, so backends count without shared memory
 * (anonymous plus file pages); other clients' backends (other runs on the same server) are left out.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { Client } from 'pg';

/** The backends' total moves with how many connections the pools hold; a leak shows per backend. */
export const POSTGRES_TOTAL = 'PostgreSQL total';
export const TEMPORAL_DEV_SERVER = 'Temporal';

export interface StackProcesses {
  apiPrimary: number;
  worker: number;
  redis: number;
  /** The benchmark process: the Temporal dev server is its child. */
  bench: number;
}

interface ProcInfo {
  pid: number;
  ppid: number;
  command: string;
}

function listProcesses(): ProcInfo[] {
  const found: ProcInfo[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      found.push({ pid: Number(entry), ppid: Number(stat.slice(close + 2).split(' ')[1]), command: stat.slice(stat.indexOf('(') + 1, close) });
    } catch {
      // ended while we looked
    }
  }
  return found;
}

/** Kilobytes of VmRSS, RssAnon, RssFile of one process from /proc/<pid>/status; zeros if it is gone. */
function residentKb(pid: number): { rss: number; anon: number; file: number } {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), anon: field('RssAnon'), file: field('RssFile') };
  } catch {
    return { rss: 0, anon: 0, file: 0 };
  }
}

export interface MemorySample {
  /** MB per column, in the order of `columns`. */
  mb: Map<string, number>;
  postgresBackends: number;
  /** API process ids, to notice one being replaced (a crash). */
  apiPids: number[];
}

/** A sampler for the stack; `sample()` reads every process once. `close()` ends its database connection. */
export async function processMemory(stack: StackProcesses, databaseUrl: string): Promise<{ sample: () => Promise<MemorySample>; close: () => Promise<void> }> {
  const db = new Client({ connectionString: databaseUrl });
  await db.connect();
  const database = new URL(databaseUrl).pathname.slice(1);
  const mb = (kb: number) => Math.round((kb / 1024) * 10) / 10;
  return {
    sample: async () => {
      const processes = listProcesses();
      const apiPids = processes.filter((p) => p.ppid === stack.apiPrimary && p.command === 'node').map((p) => p.pid).sort((a, b) => a - b);
      const temporal = processes.filter((p) => p.ppid === stack.bench && p.command.startsWith('temporal')).map((p) => p.pid);
      const { rows } = await db.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [database]);
      const columns = new Map<string, number>();
      // One API process serves itself; several are forked by a primary that only supervises them.
      if (apiPids.length === 0) columns.set('API', mb(residentKb(stack.apiPrimary).rss));
      else columns.set('API primary', mb(residentKb(stack.apiPrimary).rss));
      apiPids.forEach((pid, i) => columns.set(`API ${i + 1}`, mb(residentKb(pid).rss)));
      columns.set('worker', mb(residentKb(stack.worker).rss));
      columns.set(TEMPORAL_DEV_SERVER, mb(temporal.reduce((sum, pid) => sum + residentKb(pid).rss, 0)));
      const postgresKb = rows.reduce((sum, r) => {
        const kb = residentKb(r.pid);
        return sum + kb.anon + kb.file;
      }, 0);
      columns.set(POSTGRES_TOTAL, mb(postgresKb));
      columns.set('PG per backend', mb(postgresKb / Math.max(1, rows.length)));
      columns.set('Redis', mb(residentKb(stack.redis).rss));
      return { mb: columns, postgresBackends: rows.length, apiPids: apiPids.length ? apiPids : [stack.apiPrimary] };
    },
    close: () => db.end(),
  };
}
