import { describe, expect, it } from 'vitest';
import { checkHealth, type HealthProbes } from '../../../src/modules/health/health.service';

const ok = async () => ({ detail: 'fine' });
const down = async () => {
  throw new Error('connection refused');
};
const probes = (overrides: Partial<HealthProbes> = {}): HealthProbes => ({
  database: ok,
  rateLimitStore: ok,
  temporal: ok,
  acp: ok,
  lastPipelineRun: async () => null,
  registers: async () => ({ abr: '2026-11-19T00:00:00.000Z', asic_companies: 'never' }),
  watchlists: async () => ({
    loaded: { dfat: { version: 1, entities: 3811, loaded_at: '2026-11-19T00:00:00.000Z', origin: 'file', published_at: '2026-02-24' } },
    expected: ['dfat', 'un'],
  }),
  ...overrides,
});
const fixedNow = () => new Date('2026-11-20T00:00:00Z');

describe('checkHealth', () => {
  it('is ok when every probe is ok, with no pipeline run yet', async () => {
    const report = await checkHealth(probes(), '0.1.0', fixedNow);
    expect(report.status).toBe('ok');
    expect(report.components.data_pipeline).toBeNull();
    expect(report.checked_at).toBe('2026-11-20T00:00:00.000Z');
    expect(report.components.registers).toMatchObject({ status: 'ok', detail: expect.stringMatching(/not loaded yet: asic_companies/), last_refreshed: { abr: '2026-11-19T00:00:00.000Z' } });
  });

  it('says which lists scans consult, a dated copy with its publication date, and which are not loaded, without changing the status', async () => {
    const report = await checkHealth(probes(), '0.1.0', fixedNow);
    expect(report.status).toBe('ok');
    expect(report.components.watchlists).toMatchObject({ status: 'ok', detail: 'dfat v1 (a copy published 2026-02-24), un not loaded', loaded: { dfat: { origin: 'file', published_at: '2026-02-24' } } });
  });

  it('is degraded, not down, when Redis or Temporal is down', async () => {
    const report = await checkHealth(probes({ rateLimitStore: down }), '0.1.0', fixedNow);
    expect(report.status).toBe('degraded');
    expect(report.components.rate_limit_store).toEqual({ status: 'down', detail: 'connection refused', latency_ms: null });
  });

  it('is down when the database is down', async () => {
    const report = await checkHealth(probes({ database: down }), '0.1.0', fixedNow);
    expect(report.status).toBe('down');
  });

  it('counts a probe that hangs as down after the probe timeout', async () => {
    const hang = () => new Promise<never>(() => {});
    const report = await checkHealth(probes({ temporal: hang }), '0.1.0', fixedNow);
    expect(report.components.temporal.status).toBe('down');
    expect(report.components.temporal.detail).toMatch(/no answer within/);
  }, 10_000);

  it('marks the pipeline degraded when its last run failed', async () => {
    const run = { source: 'un', status: 'failed', started_at: 'a', finished_at: 'b', workflow_id: 'pipeline-un-x' };
    const report = await checkHealth(probes({ lastPipelineRun: async () => run }), '0.1.0', fixedNow);
    expect(report.components.data_pipeline?.status).toBe('degraded');
    expect(report.components.data_pipeline?.last_run).toEqual(run);
    expect(report.status).toBe('degraded');
  });
});
