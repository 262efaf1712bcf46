import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm, type Orm } from '../../src/db/orm';
import { SigningKeyStore } from '../../src/modules/identity/signing-keys';
import { testConfig } from '../helpers/test-config';

describe('signing keys looked up by kid', () => {
  let orm: Orm;
  let reads = 0;
  let store: SigningKeyStore;
  beforeAll(async () => {
    const config = testConfig();
    orm = await openOrm(config.db);
    // Every read of the key set takes an entity manager from this factory, so counting calls counts reads.
    store = new SigningKeyStore(() => ((reads += 1), orm.em.fork()), config.auth.encryptionKey, config.auth.tokenTtlSeconds);
    await store.signingKey();
  });
  afterAll(async () => {
    await orm?.close(true);
  });

  it('re-reads the key set at most once for a burst of tokens with made-up kids, and finds a key another process rotated in', async () => {
    const before = reads;
    const found = await Promise.all(Array.from({ length: 200 }, () => store.publicKeyFor(randomUUID())));
    expect(found.every((key) => key === undefined)).toBe(true);
    expect(reads - before).toBe(1);

    // A rotation by another process (its own store): once the one-second pause has passed, the new kid is found.
    const other = new SigningKeyStore(() => orm.em.fork(), testConfig().auth.encryptionKey, testConfig().auth.tokenTtlSeconds);
    const kid = await other.rotate();
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await store.publicKeyFor(kid)).toBeDefined();
  });
});
