import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonOf } from '../helpers/http';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** Sends raw bytes and reads the whole answer until the server closes, as the HTTP parser sees them. */
function rawExchange(url: string, request: string): Promise<{ status: number; headers: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(request));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body });
    });
  });
}

describe('HTTP core', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp(testConfig());
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers malformed JSON with a 422 JSON error located at the body, never a 500 or HTML', async () => {
    const res = await fetch(`${app.url}/v1/eligibility/check`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{bad' });
    expect(res.status).toBe(422);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    const body = await jsonOf(res);
    expect(body.detail).toHaveLength(1);
    expect(body.detail[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
    expect(body.detail[0].msg).toMatch(/Malformed JSON/);
  });

  it('refuses a body of an unsupported content type with 415', async () => {
    const res = await fetch(`${app.url}/v1/eligibility/check`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    expect(res.status).toBe(415);
    const body = await jsonOf(res);
    expect(body.detail).toMatch(/Unsupported Content-Type "text\/plain"/);
  });

  it('answers a body sent to an unknown route with 404, without reading it', async () => {
    const res = await fetch(`${app.url}/v1/anything`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{bad' });
    expect(res.status).toBe(404);
    expect(await jsonOf(res)).toEqual({ detail: 'No route for POST /v1/anything' });
  });

  it('answers unknown routes with 404 in the spec shape', async () => {
    const res = await fetch(`${app.url}/v1/nothing-here`);
    expect(res.status).toBe(404);
    expect(await jsonOf(res)).toEqual({ detail: 'No route for GET /v1/nothing-here' });
  });

  it('answers a wrong method on a known path with 405 and an Allow header', async () => {
    const res = await fetch(`${app.url}/health`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toContain('GET');
    expect((await jsonOf(res)).detail).toMatch(/not allowed/);
  });

  it('puts a request id on every response, echoing a sane one the caller sent', async () => {
    const generated = await fetch(`${app.url}/nothing`);
    expect(generated.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await fetch(`${app.url}/health`, { headers: { 'X-Request-Id': 'trace-abc.123' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-abc.123');
    const replaced = await fetch(`${app.url}/health`, { headers: { 'X-Request-Id': 'bad id with spaces' } });
    expect(replaced.headers.get('x-request-id')).not.toBe('bad id with spaces');
  });

  it('answers a request line over the parser limit with 431 in the spec shape, not a bare status', async () => {
    const longPath = `/v1/monitoring/${'%F0%9F%98%80'.repeat(1_500)}`;
    const res = await rawExchange(app.url, `DELETE ${longPath} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body).detail).toMatch(/under 16 kB/);
  });

  it('answers a request the parser cannot read with 400 in the spec shape', async () => {
    const res = await rawExchange(app.url, 'GET /health HTTP/1.1\r\nHost localhost\r\n\r\n');
    expect(res.status).toBe(400);
    expect(res.headers).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(res.body).detail).toMatch(/Malformed HTTP request/);
  });
});
