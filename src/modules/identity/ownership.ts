/**
 * Ownership rules every module applies the same way: another account's resource is indistinguishable
 * from a missing one (404, so ids cannot be probed), and naming another account explicitly in an
 * `account_id` parameter is refused outright (403).
 */
import { AppError, NotFoundError } from '../../errors';
import type { Caller } from './caller';

/** Returns the resource when the caller's account owns it; otherwise 404 with `detail`. */
export function ownedBy<T extends { accountId: string }>(resource: T | null | undefined, caller: Caller, detail: string): T {
  if (!resource || resource.accountId !== caller.accountId) throw new NotFoundError(detail);
  return resource;
}

/** An `account_id` parameter must be the caller's own account. */
export function requireOwnAccount(accountId: string, caller: Caller): void {
  if (accountId !== caller.accountId) throw new AppError(403, 'forbidden', 'account_id does not match the authenticated client');
}
