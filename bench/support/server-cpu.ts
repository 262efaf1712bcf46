/**
 * The server's CPU per scan (API + PostgreSQL + Redis, the processes that serve a scan; not the load
 * generator, the worker or Temporal) against its target: at 600 scans/s on two cores, 1.2 ms per scan
 * keeps the cores under 75 % busy, so a stall does not grow into a long queue (issue: half the CPU per
 * scan; docs/performance.md).
 */
import type { CpuPerRequest } from './process-cpu';

export const SERVER_CPU_TARGET_MS = 1.2;
const SERVER_GROUPS = ['API', 'PostgreSQL', 'Redis'];

/** `server CPU per scan (API + PostgreSQL + Redis): 1.08 ms; target ≤ 1.2 ms: met`. */
export function serverCpuVerdict(cpu: CpuPerRequest): string {
  const total = SERVER_GROUPS.reduce((sum, group) => sum + (cpu.get(group) ?? 0), 0);
  return `server CPU per scan (${SERVER_GROUPS.join(' + ')}): ${total.toFixed(2)} ms; target ≤ ${SERVER_CPU_TARGET_MS} ms: ${total <= SERVER_CPU_TARGET_MS ? 'met' : 'NOT met'}`;
}
