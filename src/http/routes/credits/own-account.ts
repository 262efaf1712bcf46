/** The `account_id` a credits endpoint is asked about, which must be the caller's own (another: 403). */
import { AppError } from '../../../errors';
import { callerOf } from '../../middleware/authenticate';
import type { AppContext } from '../../context';

/** `what` names what is refused ("credits", "invoices") in the 403's detail. */
export function ownAccount(ctx: AppContext, accountId: string, what: string): string {
  if (callerOf(ctx).accountId !== accountId) throw new AppError(403, 'forbidden', `A client may read only its own account's ${what}`);
  return accountId;
}
