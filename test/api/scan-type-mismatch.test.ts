import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf } from '../helpers/http';
import { startScreeningApp } from '../helpers/screening-app';
import type { TestApp } from '../helpers/test-app';

interface MatchRecordBody {
  listed_entity_id: string;
  entity_kind: string;
  score: number;
  type_mismatch: { queried: string; listed: string; penalty: number; name_score: number } | null;
  explanation: { summary: string };
}

/**
 * A scan sent with the wrong `entity_type` (agents do) still shows a listed entity whose name it is,
 * penalised and labelled: a person scan for a listed vessel's or organisation's exact name, and the
 * reverse. DFAT lists the vessel ANDAMAN SKIES (8227) and the organisation ARMED ISLAMIC GROUP (157).
 */
describe('scans across entity types', () => {
  let app: TestApp;
  let token: string;
  const scan = async (body: unknown): Promise<{ matches: MatchRecordBody[]; riskLevel: string }> => {
    const res = await fetch(`${app.url}/v1/scans/full`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
    const json = await jsonOf(res);
    return { matches: json.scan_result.matches as MatchRecordBody[], riskLevel: json.risk_assessment.risk_level as string };
  };

  beforeAll(async () => {
    ({ app, token } = await startScreeningApp());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('returns a listed vessel for a person scan of its name, with the penalty and the label', async () => {
    const { matches } = await scan({ entity_type: 'person', name: 'Andaman Skies' });
    const vessel = matches.find((m) => m.listed_entity_id === 'dfat:8227');
    expect(vessel, JSON.stringify(matches)).toBeDefined();
    expect(vessel!.entity_kind).toBe('vessel');
    expect(vessel!.type_mismatch).toEqual({ queried: 'person', listed: 'vessel', penalty: 0.1, name_score: 1 });
    expect(vessel!.score).toBe(0.9);
    expect(vessel!.explanation.summary).toContain('Type mismatch: queried as a person, listed as a vessel');
  });

  it('returns a listed organisation for a person scan of its name', async () => {
    const { matches, riskLevel } = await scan({ entity_type: 'person', name: 'Armed Islamic Group' });
    const group = matches.find((m) => m.listed_entity_id === 'dfat:157');
    expect(group?.type_mismatch).toMatchObject({ queried: 'person', listed: 'organisation' });
    // It is a sanctions match all the same: the risk assessment does not ignore it.
    expect(riskLevel).not.toBe('low');
  });

  it('labels nothing when the type agrees, and lets no loose name of the other type through', async () => {
    const { matches } = await scan({ entity_type: 'organisation', name: 'Armed Islamic Group' });
    expect(matches.find((m) => m.listed_entity_id === 'dfat:157')?.type_mismatch).toBeNull();
    const loose = await scan({ entity_type: 'person', name: 'Andaman Jones' });
    expect(loose.matches.filter((m) => m.type_mismatch !== null)).toEqual([]);
  });
});
