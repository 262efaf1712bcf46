import { describe, expect, it } from 'vitest';
import { AppError, NotFoundError } from '../../../src/errors';
import type { Caller } from '../../../src/modules/identity/caller';
import { ownedBy, requireOwnAccount } from '../../../src/modules/identity/ownership';

const caller: Caller = { clientId: 'c', accountId: 'mine', scopes: [], plan: 'free', requestsPerMinute: 10, batchEntities: 10, expiresAt: null };

describe('ownership', () => {
  it("answers another account's resource exactly like a missing one (404)", () => {
    expect(() => ownedBy({ accountId: 'theirs' }, caller, 'Scan not found')).toThrow(NotFoundError);
    expect(() => ownedBy(null, caller, 'Scan not found')).toThrow('Scan not found');
    expect(ownedBy({ accountId: 'mine', id: 1 }, caller, 'x')).toEqual({ accountId: 'mine', id: 1 });
  });

  it('refuses an account_id parameter naming another account with 403', () => {
    try {
      requireOwnAccount('theirs', caller);
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).status).toBe(403);
    }
    expect(() => requireOwnAccount('mine', caller)).not.toThrow();
  });
});
