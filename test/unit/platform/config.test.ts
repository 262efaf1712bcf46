import { describe, expect, it } from 'vitest';
import { privateKeyToAccount } from 'viem/accounts';
import { ConfigError, loadConfig, temporalAddress } from '../../../src/config';
import { DEVELOPMENT_ACCOUNTS, describeDevelopmentAddress, developmentKeyIndex } from '../../../src/modules/acp/chain/development-accounts';
import { localAgentCommerceAddresses } from '../../../src/tools/agent-commerce-contracts';

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

  describe('production payment configuration', () => {
    const production = { NODE_ENV: 'production', SECRETS_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'), AUDIT_ANCHOR_KEY: Buffer.alloc(32, 2).toString('base64') };
    const problemsOf = (env: Record<string, string>): string[] => {
      try {
        loadConfig(env);
        return [];
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as ConfigError).problems;
      }
    };

    it('refuses to boot without a pay-to address, where development falls back to anvil account 1', () => {
      expect(problemsOf(production)).toEqual([expect.stringMatching(/^ACP_PAY_TO_ADDRESS: required in production/)]);
      expect(loadConfig({}).acp.payTo).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
      expect(loadConfig({ ...production, ACP_PAY_TO_ADDRESS: '0x1111111111111111111111111111111111111111' }).acp.payTo).toBe('0x1111111111111111111111111111111111111111');
    });

    it("lists every one of anvil's published keys and addresses it is given, each by its variable", () => {
      const problems = problemsOf({
        ...production,
        ACP_PAY_TO_ADDRESS: '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
        ACP_FACILITATOR_PRIVATE_KEY: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
        ACP_PROVIDER_PRIVATE_KEY: '0x59C6995E998F97A5A0044966F0945389DC9E86DAE88C7A8412F4603B6B78690D',
        ACP_EVALUATOR_PRIVATE_KEY: '0x92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e',
        ACP_ESCROW_ADDRESS: localAgentCommerceAddresses().escrowAddress,
      });
      expect(problems).toEqual([
        "ACP_FACILITATOR_PRIVATE_KEY: is anvil's published development key of account 4, known to everyone; use a key of your own in production",
        "ACP_PROVIDER_PRIVATE_KEY: is anvil's published development key of account 1, known to everyone; use a key of your own in production",
        "ACP_EVALUATOR_PRIVATE_KEY: is anvil's published development key of account 6, known to everyone; use a key of your own in production",
        'ACP_PAY_TO_ADDRESS: is anvil development account 1, a development address whose key is public; not usable in production',
        'ACP_ESCROW_ADDRESS: is the contract anvil development account 9 deploys at nonce 0, a development address whose key is public; not usable in production',
      ]);
      // The same values are fine outside production (npm start and the tests run on anvil).
      expect(() => loadConfig({ ACP_FACILITATOR_PRIVATE_KEY: '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a' })).not.toThrow();
    });

    it('boots with keys and addresses of its own', () => {
      const own = loadConfig({
        ...production,
        ACP_PAY_TO_ADDRESS: '0x1111111111111111111111111111111111111111',
        ACP_PROVIDER_PRIVATE_KEY: `0x${'12'.repeat(32)}`,
        ACP_EVALUATOR_PRIVATE_KEY: `0x${'34'.repeat(32)}`,
        ACP_FACILITATOR_PRIVATE_KEY: `0x${'56'.repeat(32)}`,
      });
      expect(own.acp.providerPrivateKey).toBe(`0x${'12'.repeat(32)}`);
    });

    it('names the right account for every published development key', () => {
      DEVELOPMENT_ACCOUNTS.forEach(([key, address], index) => {
        expect(privateKeyToAccount(key as `0x${string}`).address).toBe(address);
        expect(developmentKeyIndex(key)).toBe(index);
        expect(describeDevelopmentAddress(address.toLowerCase())).toBe(`anvil development account ${index}`);
      });
    });
  });
});
