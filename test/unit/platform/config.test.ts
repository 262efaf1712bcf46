import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, temporalAddress } from '../../../src/config';

describe('loadConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config.http.port).toBe(8000);
    expect(config.db.ownerUrl).toBe('postgres://postgres@127.0.0.1:5432/compliance');
    expect(config.db.url).toBe('postgres://compliance_app@127.0.0.1:5432/compliance'); // the service runs as the least-privilege role
    expect(config.temporal.address).toBeUndefined();
    expect(temporalAddress(config)).toBe('127.0.0.1:7233');
    expect(config.temporal.taskQueue).toBe('compliance');
  });

  it('lists every problem at once instead of stopping at the first', () => {
    let error: unknown;
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', TRUST_PROXY: 'maybe' });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL: must be a postgres:\/\/ URL/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
    expect(problems.join('\n')).toMatch(/TRUST_PROXY/);
  });

  it('treats an empty TEMPORAL_ADDRESS as unset, so npm start runs the dev server', () => {
    expect(loadConfig({ TEMPORAL_ADDRESS: '' }).temporal.address).toBeUndefined();
    expect(loadConfig({ TEMPORAL_ADDRESS: 'temporal:7233' }).temporal.address).toBe('temporal:7233');
  });

  it('enables TLS only when a certificate, key or CA is given', () => {
    expect(loadConfig({}).temporal.tls).toBeUndefined();
    expect(loadConfig({ TEMPORAL_TLS_CA_PATH: '/ca.pem' }).temporal.tls).toEqual({ caPath: '/ca.pem', certPath: undefined, keyPath: undefined });
  });
});
