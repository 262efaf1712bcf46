import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRUST_RULES, WEIGHTS } from '../../src/modules/trust/methodology-rules';
import { jsonOf } from '../helpers/http';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('the Trust Score methodology', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(testConfig());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers its version and pointers to its document, publicly, as strings', async () => {
    const res = await fetch(`${app.url}/v1/trust-score/methodology/version`);
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body).toMatchObject({ methodology_version: 'v1.2', document_url: '/v1/trust-score/methodology/v1.2', repository_path: 'docs/methodology/v1.2.md', published_versions: 'v1.1,v1.2' });
    expect(Object.values(body).every((v) => typeof v === 'string')).toBe(true);
  });

  it('serves the current document with the weights and rules table the scorer reads, and its changelog', async () => {
    const res = await fetch(`${app.url}/v1/trust-score/methodology/v1.2`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text = await res.text();
    expect(text).toMatch(/^# ABN Trust Score methodology v1\.2/);
    expect(text).not.toContain('<!-- rules-table');
    for (const row of ['caps the band at AMBER', '## Changelog', 'possible match', 'History']) expect(text).toContain(row);
    const published = Object.fromEntries([...text.matchAll(/^\| (REG|DIR|AUS|SAN|CRT|FRS) \| (\d+) \|$/gm)].map((m) => [m[1], Number(m[2])]));
    expect(published).toEqual(WEIGHTS); // the document and the code agree
    for (const [name, rule] of Object.entries(TRUST_RULES)) {
      const row = new RegExp(`^\\| \`${name}\` \\| ${rule.subScore} \\| ([^|]+) \\|`, 'm').exec(text);
      expect(row?.[1]).toContain(rule.effect === 'terminal' ? '0 (terminal)' : String(rule.points));
    }
    const changelog = text.slice(text.indexOf('## Changelog'));
    expect(changelog).toMatch(/v1\.2, 2026-11-28/);
  });

  it('still serves v1.1 for scores computed under it, and 404s a version never published', async () => {
    const old = await fetch(`${app.url}/v1/trust-score/methodology/v1.1`);
    expect(old.status).toBe(200);
    expect(await old.text()).toMatch(/^# ABN Trust Score methodology v1\.1/);
    expect((await fetch(`${app.url}/v1/trust-score/methodology/v0.9`)).status).toBe(404);
    expect((await fetch(`${app.url}/v1/trust-score/methodology/latest`)).status).toBe(422);
  });
});
