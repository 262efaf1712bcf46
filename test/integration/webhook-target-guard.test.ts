import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkWebhookUrl, guardedLookup, type Resolver } from '../../src/modules/webhooks/target-policy';
import { deliverOnce } from '../../src/modules/webhooks/webhook-delivery';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver';

/** A resolver whose answers change from one question to the next, as a hostile DNS server's would. */
function changingResolver(answers: string[][]): Resolver & { questions: number } {
  const resolver = ((_hostname, _options, callback) => {
    const answer = answers[Math.min(resolver.questions, answers.length - 1)]!;
    resolver.questions += 1;
    callback(null, answer.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 })));
  }) as Resolver & { questions: number };
  resolver.questions = 0;
  return resolver;
}

const lookupOnce = (lookup: ReturnType<typeof guardedLookup>, hostname: string) =>
  new Promise<{ err: NodeJS.ErrnoException | null; address: unknown }>((resolve) => lookup(hostname, {}, (err, address) => resolve({ err, address })));

describe('the webhook target guard at every connection', () => {
  let receiver: HttpsReceiver;
  beforeAll(async () => {
    receiver = await startHttpsReceiver();
  });
  afterAll(async () => {
    await receiver?.close();
  });

  it('refuses a connection when the name that passed at submission now resolves to a private address', async () => {
    await expect(checkWebhookUrl('https://93.184.216.34/hook', false)).resolves.toBeInstanceOf(URL); // what submission saw
    const resolver = changingResolver([['93.184.216.34'], ['127.0.0.1'], ['10.1.2.3', '93.184.216.34'], ['::ffff:169.254.169.254']]);
    const lookup = guardedLookup(false, resolver);
    expect((await lookupOnce(lookup, 'hooks.example.com')).address).toBe('93.184.216.34');
    for (let i = 0; i < 3; i += 1) {
      const { err } = await lookupOnce(lookup, 'hooks.example.com');
      expect(err?.code).toBe('EFORBIDDEN');
      expect(err?.message).toMatch(/refused to connect to (127\.0\.0\.1|10\.1\.2\.3|::ffff:169\.254\.169\.254)/);
    }
    expect(resolver.questions).toBe(4);
  });

  it('never opens a connection to a loopback receiver when private targets are not allowed, and records why', async () => {
    const event = { id: 'e1', accountId: 'a', clientId: 'c', eventType: 'batch.completed', subjectId: 's', targetUrl: receiver.url, body: '{}', status: 'pending' as const };
    const outcome = await deliverOnce(event, 'whsec_x', 1, { timeoutMs: 5_000, allowPrivateTargets: false, caBundlePath: receiver.caPath });
    expect(outcome.outcome).toBe('permanent_failure');
    expect(outcome.error).toMatch(/refused to connect to (127\.0\.0\.1|::1)/);
    expect(receiver.received).toHaveLength(0);
    const allowed = await deliverOnce(event, 'whsec_x', 2, { timeoutMs: 5_000, allowPrivateTargets: true, caBundlePath: receiver.caPath });
    expect(allowed.outcome).toBe('delivered');
    expect(receiver.received).toHaveLength(1);
  });
});
