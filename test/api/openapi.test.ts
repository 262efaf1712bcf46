import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf } from '../helpers/http';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

describe('OpenAPI document and viewers', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(testConfig());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('serves a document that a real validator accepts as OpenAPI 3.1, version 0.1.0', async () => {
    const res = await fetch(`${app.url}/openapi.json`);
    expect(res.status).toBe(200);
    const document = await jsonOf(res);
    const validator = new Validator();
    const result = await validator.validate(document);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(document.info.version).toBe('0.1.0');
    expect(document.paths['/health'].get).toBeDefined();
    expect(document.components.securitySchemes.oauth2.flows.clientCredentials.tokenUrl).toBe('/v1/oauth/token');
  });

  it.each([
    ['/docs', '/docs/assets/swagger-ui-bundle.js', 'SwaggerUIBundle'],
    ['/redoc', '/redoc/assets/redoc.standalone.js', '<redoc spec-url="/openapi.json">'],
    ['/api-docs', '/api-docs/assets/openapi-explorer.min.js', '<openapi-explorer spec-url="/openapi.json">'],
  ])('serves %s pointing at /openapi.json, with its script from the npm package', async (page, asset, marker) => {
    const html = await fetch(`${app.url}${page}`);
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toMatch(/text\/html/);
    const text = await html.text();
    expect(text).toContain(marker);
    expect(text).toContain(asset);
    expect(text).not.toMatch(/https?:\/\/(?!127\.0\.0\.1)/); // nothing from a CDN
    const script = await fetch(`${app.url}${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect((await script.arrayBuffer()).byteLength).toBeGreaterThan(100_000);
  });
});
