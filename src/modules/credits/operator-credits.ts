/**
 * Credits an operator gives or takes back outside a purchase: an Enterprise plan's credits "by
 * agreement", goodwill, a correction. Each is one ledger row (`operator_grant` / `operator_revoke`)
 * naming the operator and the reason (the database refuses one without them), so the ledger shows who
 * moved credits and why, and the finance reconciliation lists them apart from purchases.
 *
 * Bad input changes nothing: credits must be a whole number of at least 1 (a revocation is its own
 * command, never a negative grant), the reason and the operator must be given, the account must
 * exist, and a revocation may not take the balance below zero.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import { recordMovement, type LedgerEntry } from './ledger';

/** The largest single operator movement: a typo of a few extra digits is refused, not granted. */
export const MAX_OPERATOR_CREDITS = 1_000_000;

/** Input an operator must correct; nothing was written. */
export class OperatorCreditsInputError extends Error {
  override name = 'OperatorCreditsInputError';
}

/** A well-formed request the ledger cannot carry out (an unknown account, a revocation beyond the balance); nothing was written. */
export class OperatorCreditsRefusedError extends Error {
  override name = 'OperatorCreditsRefusedError';
}

export interface OperatorMovement {
  accountId: string;
  /** As given: validated here. */
  credits: number;
  reason: string;
  /** Who: the operator's name or login. */
  actor: string;
  /** Makes a retried command safe: the same request id records one movement. Random when absent. */
  requestId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function validated(m: OperatorMovement): { accountId: string; credits: number; reason: string; actor: string; requestId: string } {
  if (!UUID.test(m.accountId)) throw new OperatorCreditsInputError(`--account must be an account id (a UUID), got ${JSON.stringify(m.accountId)}`);
  if (!Number.isSafeInteger(m.credits) || m.credits < 1) throw new OperatorCreditsInputError(`--credits must be a whole number of at least 1, got ${String(m.credits)}: nothing changed`);
  if (m.credits > MAX_OPERATOR_CREDITS) throw new OperatorCreditsInputError(`--credits must be at most ${MAX_OPERATOR_CREDITS.toLocaleString('en-AU')} in one movement: nothing changed`);
  const reason = m.reason.trim();
  if (reason === '') throw new OperatorCreditsInputError('--reason must say why (it is kept on the ledger row): nothing changed');
  if (reason.length > 500) throw new OperatorCreditsInputError('--reason must be at most 500 characters: nothing changed');
  const actor = m.actor.trim();
  if (actor === '' || actor.length > 200) throw new OperatorCreditsInputError('--operator must name who is doing this (1 to 200 characters): nothing changed');
  const requestId = m.requestId?.trim() || randomUUID();
  if (requestId.length > 200) throw new OperatorCreditsInputError('--request-id must be at most 200 characters: nothing changed');
  return { accountId: m.accountId.toLowerCase(), credits: m.credits, reason, actor, requestId };
}

async function move(em: EntityManager, kind: 'operator_grant' | 'operator_revoke', input: OperatorMovement): Promise<{ entry: LedgerEntry; recorded: boolean }> {
  const m = validated(input);
  return em.transactional(async (tx) => {
    const [account] = await sql<{ id: string }[]>(tx, `select id from accounts where id = ?`, [m.accountId]);
    if (!account) throw new OperatorCreditsRefusedError(`no account ${m.accountId}: nothing changed`);
    const granting = kind === 'operator_grant';
    const outcome = await recordMovement(tx, {
      accountId: m.accountId,
      kind,
      amount: granting ? m.credits : -m.credits,
      idempotencyKey: `${granting ? 'grant' : 'revoke'}:operator:${m.accountId}:${m.requestId}`,
      description: `${m.credits} credits ${granting ? 'granted' : 'revoked'} by ${m.actor}: ${m.reason}`,
      actor: m.actor,
      reason: m.reason,
    });
    if (outcome.status === 'insufficient') {
      throw new OperatorCreditsRefusedError(`the balance is ${outcome.balance}: ${m.credits} credits cannot be revoked (the balance never goes below zero): nothing changed`);
    }
    return { entry: outcome.entry, recorded: outcome.status === 'recorded' };
  });
}

/** Grants credits by agreement or goodwill; answers the ledger row (the earlier one for a repeated request id). */
export const grantByOperator = (em: EntityManager, m: OperatorMovement) => move(em, 'operator_grant', m);

/** Takes credits back (never below zero); answers the ledger row. */
export const revokeByOperator = (em: EntityManager, m: OperatorMovement) => move(em, 'operator_revoke', m);
