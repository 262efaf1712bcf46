/** Endpoints 17 and 18: an account's credit balance and ledger (bearer, `credits:read`, own account only). */
import { freeChecksOf } from '../../../modules/credits/consumption';
import { balanceOf, ledgerPage } from '../../../modules/credits/ledger';
import { callerOf } from '../../middleware/authenticate';
import { z } from '../../../schemas/zod';
import type { AppContext } from '../../context';
import { defineRoute } from '../../route';
import { ownAccount } from './own-account';
import { commonErrors } from '../../schemas/common.schema';

const AccountQuery = z.object({ account_id: z.uuid().openapi({ description: "The caller's own account (another account's is 403)" }) });
const LedgerQuery = AccountQuery.extend({ limit: z.coerce.number().int().min(1).max(200).default(50), offset: z.coerce.number().int().min(0).default(0) });

const BalanceSchema = z
  .object({
    account_id: z.string(),
    balance: z.number().int().openapi({ description: 'Credits available now; they never expire' }),
    granted: z.number().int(),
    used: z.number().int(),
    refunded: z.number().int(),
    reversed: z.number().int(),
    operator_granted: z.number().int().openapi({ description: 'Credits granted by an operator (by agreement, goodwill), apart from purchases' }),
    operator_revoked: z.number().int().openapi({ description: 'Credits an operator took back' }),
    free_checks: z
      .object({
        month: z.string().openapi({ description: 'The calendar month (UTC), YYYY-MM' }),
        per_month: z.number().int().openapi({ description: "The plan's free checks a month (10 on the Free plan, 0 on others)" }),
        used: z.number().int(),
        left: z.number().int().openapi({ description: 'Free checks left this month, used before credits' }),
      })
      .openapi({ description: "This month's free checks" }),
    last_movement_at: z.string().nullable(),
  })
  .openapi('CreditBalance');

const EntrySchema = z.object({
  entry_id: z.string(),
  kind: z.enum(['grant', 'debit', 'refund', 'reversal', 'operator_grant', 'operator_revoke', 'free_check']).openapi({
    description: '`operator_grant` / `operator_revoke`: credits given or taken by an operator (see actor and reason); `free_check`: free checks used (amount 0, count in free_checks)',
  }),
  amount: z.number().int().openapi({ description: 'Signed: grants and refunds add, debits, reversals and revocations take away; free checks and a reversal of credits already used are 0' }),
  balance_after: z.number().int(),
  description: z.string(),
  scan_id: z.string().nullable(),
  job_id: z.string().nullable(),
  item_index: z.number().int().nullable(),
  provider_session_id: z.string().nullable(),
  provider_payment_id: z.string().nullable(),
  pack_index: z.number().int().nullable(),
  amount_inc_gst_cents: z.number().int().nullable(),
  gst_cents: z.number().int().nullable(),
  ex_gst_cents: z.number().int().nullable(),
  actor: z.string().nullable().openapi({ description: 'The operator who made an operator movement' }),
  reason: z.string().nullable().openapi({ description: 'Why an operator made it' }),
  free_checks: z.number().int().nullable().openapi({ description: 'Free checks a free_check row counts (negative: given back)' }),
  created_at: z.string(),
});

const LedgerSchema = z
  .object({ account_id: z.string(), entries: z.array(EntrySchema), total: z.number().int(), limit: z.number().int(), offset: z.number().int() })
  .openapi('CreditLedger');

export function creditRoutes() {
  return [
    defineRoute({
      method: 'get',
      path: '/v1/credits/balance',
      summary: "The account's credit balance and what made it",
      tags: ['Credits'],
      access: { kind: 'bearer', scope: 'credits:read' },
      request: { query: AccountQuery },
      responses: { 200: { description: 'Balance summary', schema: BalanceSchema }, ...commonErrors },
      handler: async (ctx, { query }) => {
        const accountId = ownAccount(ctx as AppContext, query.account_id, 'credits');
        const { last_movement_at, ...balance } = await balanceOf(ctx.state.em, accountId);
        ctx.body = { ...balance, free_checks: await freeChecksOf(ctx.state.em, accountId, callerOf(ctx).plan), last_movement_at };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/v1/credits/ledger',
      summary: "The account's credit ledger, newest first",
      description: 'Every movement with its signed amount, the balance after it and its references (scan, batch job and item, provider session and payment).',
      tags: ['Credits'],
      access: { kind: 'bearer', scope: 'credits:read' },
      request: { query: LedgerQuery },
      responses: { 200: { description: 'A page of the ledger', schema: LedgerSchema }, ...commonErrors },
      handler: async (ctx, { query }) => {
        const accountId = ownAccount(ctx as AppContext, query.account_id, 'credits');
        ctx.body = { account_id: accountId, ...(await ledgerPage(ctx.state.em, accountId, query)), limit: query.limit, offset: query.offset };
      },
    }),
  ];
}
