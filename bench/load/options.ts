/** Command-line options of `npm run bench:load` (`--rate 100 --minutes 5 --warmup-seconds 60 ...`). */
import { parseArgs } from 'node:util';

export interface LoadOptions {
  /**
   * Requests per second offered, all routes together. The default, 50, is about two thirds of what this
   * mix can get from a quiet 2-core machine: it costs ~26 ms of CPU per request across API, worker,
   * Temporal and PostgreSQL (measured by this bench), so 100/s would need 2.6 cores.
   */
  rate: number;
  /** Measured minutes, after the warm-up. */
  minutes: number;
  warmupSeconds: number;
  /** How often the resident sets are sampled (and progress printed). */
  sampleSeconds: number;
  apiProcesses: number;
  /** Seconds to wait for the last answers before the rest are abandoned (counted, not waited for). */
  drainSeconds: number;
  /** Keep-alive connections the load is spread over. */
  connections: number;
  /** Above this slope (MB per minute) and this growth (% of the first measured sample) a process counts as leaking. */
  leakMbPerMinute: number;
  leakGrowthPercent: number;
}

const usage = 'usage: npm run bench:load -- [--rate 50] [--minutes 5] [--warmup-seconds 60] [--sample-seconds 10] [--api-processes 2] [--connections 64] [--drain-seconds 30]';

/** Reads the flags; a wrong one stops the run with the usage line, before anything is started. */
export function parseLoadOptions(argv: string[]): LoadOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      rate: { type: 'string', default: '50' },
      minutes: { type: 'string', default: '5' },
      'warmup-seconds': { type: 'string', default: '60' },
      'sample-seconds': { type: 'string', default: '10' },
      'api-processes': { type: 'string', default: process.env.API_PROCESSES ?? '2' },
      connections: { type: 'string', default: '64' },
      'drain-seconds': { type: 'string', default: '30' },
      'leak-mb-per-minute': { type: 'string', default: '2' },
      'leak-growth-percent': { type: 'string', default: '5' },
    },
    strict: true,
  });
  const number = (name: keyof typeof values, min: number): number => {
    const value = Number(values[name]);
    if (!Number.isFinite(value) || value < min) throw new Error(`--${name} must be a number ≥ ${min}\n${usage}`);
    return value;
  };
  return {
    rate: number('rate', 1),
    minutes: number('minutes', 0.1),
    warmupSeconds: number('warmup-seconds', 0),
    sampleSeconds: number('sample-seconds', 1),
    apiProcesses: Math.round(number('api-processes', 1)),
    connections: Math.round(number('connections', 1)),
    drainSeconds: number('drain-seconds', 0),
    leakMbPerMinute: number('leak-mb-per-minute', 0),
    leakGrowthPercent: number('leak-growth-percent', 0),
  };
}
