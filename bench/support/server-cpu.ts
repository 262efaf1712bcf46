/**
 * The server's CPU per scan (API + PostgreSQL + Redis, the processes that serve a scan; not the load
 * generator, the worker or Temporal) against its target: at 600 scans/s on two cores, 1.2 ms per scan
 * keeps the cores under 75 % busy, so a stall does not grow into a long queue (issue: half the CPU per
 * scan; docs/performance.md).
 */
import type { CpuPerRequest } from './process-cpu';

export const SERVER_CPU_TARGET_MS = 1.2;
const SERVER_GROUPS = ['API', 'PostgreSQL', 'Redis'];

/** Milliseconds of CPU per scan of the processes that serve it. */
function serverTotal(cpu: CpuPerRequest): number {
  return SERVER_GROUPS.reduce((sum, group) => sum + (cpu.get(group) ?? 0), 0);
}

/** `server CPU per scan (API + PostgreSQL + Redis): 1.08 ms; target ≤ 1.2 ms: met`. */
export function serverCpuVerdict(cpu: CpuPerRequest): string {
  const total = serverTotal(cpu);
  return `server CPU per scan (${SERVER_GROUPS.join(' + ')}): ${total.toFixed(2)} ms; target ≤ ${SERVER_CPU_TARGET_MS} ms: ${total <= SERVER_CPU_TARGET_MS ? 'met' : 'NOT met'}`;
}

/**
 * The server's CPU per scan in units of the load generator's CPU per request. This machine's speed
 * drifts by a fifth within an hour, and every process slows together; the generator does the same work
 * for every request whatever our code does, so the ratio moves with our changes and much less with the
 * machine (docs/performance.md: ten runs of one commit spread 1.5-2.0 ms, their
 * total 5.8-6.3 units). For comparing changes run back to back, not a target.
 */
export function serverCpuInGeneratorUnits(cpu: CpuPerRequest): string {
  const generator = cpu.get('load generator') ?? 0;
  if (generator <= 0) return 'server CPU per scan in load-generator units: not measured';
  const ratio = (group: string) => ((cpu.get(group) ?? 0) / generator).toFixed(2);
  const total = serverTotal(cpu) / generator;
  return `server CPU per scan in units of the load generator's CPU per request (drift-resistant, for comparing changes): ${total.toFixed(2)} (${SERVER_GROUPS.map((g) => `${g} ${ratio(g)}`).join(', ')})`;
}
