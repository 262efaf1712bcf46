import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEIGHTS } from '../../src/modules/trust/trust-score';
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
    expect(body).toMatchObject({ methodology_version: 'v1.1', document_url: '/v1/trust-score/methodology/v1.1', repository_path: 'docs/methodology/v1.1.md' });
    expect(Object.values(body).every((v) => typeof v === 'string')).toBe(true);
  });

  it('serves the versioned document with its weights, overrides and changelog', async () => {
    const res = await fetch(`${app.url}/v1/trust-score/methodology/v1.1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/markdown/);
    const text = await res.text();
    expect(text).toMatch(/^# ABN Trust Score methodology v1\.1/);
    for (const row of ['| REG |', '| DIR |', '| AUS |', '| SAN |', '| CRT |', '| FRS |', 'caps the band at AMBER', '## Changelog']) expect(text).toContain(row);
    const published = Object.fromEntries([...text.matchAll(/^\| (REG|DIR|AUS|SAN|CRT|FRS) \|[^|]*\| (\d+) \|$/gm)].map((m) => [m[1], Number(m[2])]));
    expect(published).toEqual(WEIGHTS); // the document and the code agree
    expect((await fetch(`${app.url}/v1/trust-score/methodology/v0.9`)).status).toBe(404);
    expect((await fetch(`${app.url}/v1/trust-score/methodology/latest`)).status).toBe(422);
  });
});
