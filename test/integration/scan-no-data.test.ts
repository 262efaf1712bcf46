import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm, type Orm } from '../../src/db/orm';
import { ScanService } from '../../src/modules/screening/scan.service';
import { FullScanRequestSchema } from '../../src/modules/screening/scan-request.schema';
import { ScreeningIndex } from '../../src/modules/screening/screening-index';
import { SourceFreshness } from '../../src/modules/screening/source-freshness';
import { createTestClient } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';

describe('a scan before any list is loaded', () => {
  const config = testConfig();
  let orm: Orm;
  beforeAll(async () => {
    orm = await openOrm(config.db);
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  it('succeeds with no matches, source_staleness no_data, and a risk assessment from the supplied profile', async () => {
    // An index that has loaded nothing stands for a service whose lists were never populated.
    const scans = new ScanService(new ScreeningIndex(orm, pino({ level: 'silent' })), new SourceFreshness(36, ['dfat', 'un', 'ofac']));
    const owner = await createTestClient(orm.em.fork(), config.auth.encryptionKey);
    const request = FullScanRequestSchema.parse({
      entity_type: 'organisation',
      name: 'Lucky Star Casino Pty Ltd',
      country_code: 'AU',
      risk_profile: { legal_status: 'trust', industry_type: 'gambling', is_high_risk_country: true },
    });
    const { response } = await scans.create(orm.em.fork(), { owner, request });
    expect(response.scan_result).toMatchObject({ match_count: 0, matches: [], source_staleness: 'no_data', sources_checked: [] });
    expect(response.risk_assessment.risk_level).not.toBe('low');
    expect(response.risk_assessment.risk_factors.join(' ')).toMatch(/gambling/i);
    expect(response.risk_assessment.risk_factors.join(' ')).toMatch(/watchlist data missing/i);
    expect(response.metadata.service_id).toBe('org_scan');
  });
});
