import { describe, expect, it } from 'vitest';
import { priceOf } from '../../../src/modules/credits/pricing';
import { reversalKey, type LedgerMovement, type ProviderFact } from '../../../src/modules/finance/movements';
import { isPurchaseGrant, reconcile, Reconciler } from '../../../src/modules/finance/reconciliation';
import { matchWindow, parsePeriod } from '../../../src/modules/finance/reconciliation-period';

const period = parsePeriod('2026-03-01', '2026-03-31');
const ACCOUNT = '0b7c1f7e-1a52-4d0e-9d1f-3f6c8c0a9a01';

let seq = 0;
function grant(session: string, incGst: number, createdAt = '2026-03-10T01:00:00.000Z', over: Partial<LedgerMovement> = {}): LedgerMovement {
  const price = priceOf(incGst);
  return {
    entry_id: `entry-${++seq}`,
    account_id: ACCOUNT,
    kind: 'grant',
    idempotency_key: `grant:checkout:${session}`,
    amount: 50,
    provider_session_id: session,
    provider_payment_id: `pi_${session}`,
    amount_inc_gst_cents: price.inc_gst_cents,
    gst_cents: price.gst_cents,
    ex_gst_cents: price.ex_gst_cents,
    created_at: createdAt,
    invoice_number: seq,
    ...over,
  };
}

function reversal(key: string, session: string, credits: number, money: number, createdAt = '2026-03-12T00:00:00.000Z'): LedgerMovement {
  const price = priceOf(money);
  return {
    entry_id: `entry-${++seq}`,
    account_id: ACCOUNT,
    kind: 'reversal',
    idempotency_key: key,
    amount: -credits,
    provider_session_id: session,
    provider_payment_id: `pi_${session}`,
    amount_inc_gst_cents: price.inc_gst_cents,
    gst_cents: price.gst_cents,
    ex_gst_cents: price.ex_gst_cents,
    created_at: createdAt,
    invoice_number: null,
  };
}

const paid = (session: string, amount: number | null, createdAt = '2026-03-10T00:59:58.000Z', currency = 'aud'): ProviderFact => ({
  kind: 'paid_session',
  event_id: `evt_${session}`,
  created_at: createdAt,
  account_id: ACCOUNT,
  session_id: session,
  payment_intent_id: `pi_${session}`,
  amount_cents: amount,
  currency,
  invoice_number: null,
});

const refund = (session: string, charge: string, cumulative: number, previously = 0, createdAt = '2026-03-11T23:59:59.000Z'): ProviderFact => ({
  kind: 'refund',
  event_id: `evt_${charge}_${cumulative}`,
  created_at: createdAt,
  account_id: ACCOUNT,
  charge_id: charge,
  payment_intent_id: `pi_${session}`,
  amount_refunded_cents: cumulative,
  previously_refunded_cents: previously,
  currency: 'aud',
  session_id: session,
  invoice_number: null,
});

const dispute = (session: string, id: string, amount: number, createdAt = '2026-03-20T00:00:00.000Z'): ProviderFact => ({
  kind: 'dispute',
  event_id: `evt_${id}`,
  created_at: createdAt,
  account_id: ACCOUNT,
  dispute_id: id,
  charge_id: `ch_${session}`,
  payment_intent_id: `pi_${session}`,
  amount_cents: amount,
  currency: 'aud',
  session_id: session,
  invoice_number: null,
});

const mismatches = (rows: { status: string; issue: string }[]) => rows.filter((r) => r.status === 'mismatch').map((r) => r.issue);

describe('the finance reconciliation', () => {
  it('reads the period as UTC days with --to included, and refuses a bad one', () => {
    expect(period.start.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(period.end.toISOString()).toBe('2026-04-01T00:00:00.000Z');
    expect(matchWindow(period)).toEqual({ start: new Date('2026-02-22T00:00:00.000Z'), end: new Date('2026-04-08T00:00:00.000Z') });
    expect(() => parsePeriod('2026-02-30', '2026-03-01')).toThrow(/--from must be a date/);
    expect(() => parsePeriod('2026-03-01', 'yesterday')).toThrow(/--to must be a date/);
    expect(() => parsePeriod('2026-03-02', '2026-03-01')).toThrow(/must not be before/);
    expect(parsePeriod('2026-03-01', '2026-03-01').end.toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });

  it('tells purchases from allowances, and reads the refund or dispute a reversal key names', () => {
    expect(isPurchaseGrant({ idempotency_key: 'grant:checkout:cs_1', provider_session_id: 'cs_1' })).toBe(true);
    expect(isPurchaseGrant({ idempotency_key: 'grant:checkout:cs_1', provider_session_id: null })).toBe(true);
    expect(isPurchaseGrant({ idempotency_key: 'test-grant:acc:100', provider_session_id: null })).toBe(false);
    expect(isPurchaseGrant({ idempotency_key: 'bench-grant:acc', provider_session_id: null })).toBe(false);
    expect(reversalKey('reversal:refund:ch_1:1290')).toEqual({ kind: 'refund', chargeId: 'ch_1', amountRefunded: 1290 });
    expect(reversalKey('reversal:dispute:dp_9')).toEqual({ kind: 'dispute', disputeId: 'dp_9' });
    expect(reversalKey('reversal:manual:1')).toBeNull();
  });

  it('passes a consistent set: grants with their paid sessions, a partial refund, a second refund and a dispute', () => {
    const ledger = [
      grant('cs_a', 12_900),
      grant('cs_b', 2_900, '2026-03-11T00:00:00.000Z', { amount: 10 }),
      grant('cs_c', 199_000, '2026-03-15T00:00:00.000Z', { amount: 1_000 }),
      reversal('reversal:refund:ch_a:6450', 'cs_a', 25, 6_450),
      reversal('reversal:refund:ch_a:12900', 'cs_a', 25, 6_450, '2026-03-13T00:00:00.000Z'),
      reversal('reversal:dispute:dp_c', 'cs_c', 1_000, 199_000, '2026-03-20T00:00:05.000Z'),
    ];
    const facts = [
      paid('cs_a', 12_900),
      paid('cs_b', 2_900, '2026-03-10T23:59:59.000Z'),
      paid('cs_c', 199_000, '2026-03-14T23:59:59.000Z'),
      refund('cs_a', 'ch_a', 6_450),
      refund('cs_a', 'ch_a', 12_900, 6_450, '2026-03-12T23:59:59.000Z'),
      dispute('cs_c', 'dp_c', 199_000),
    ];
    const { rows, summary } = reconcile(period, ledger, facts);
    expect(mismatches(rows)).toEqual([]);
    expect(summary).toEqual({ rows: 6, grants: 3, reversals: 3, provider_only: 0, mismatches: 0 });
    expect(rows[0]).toMatchObject({
      kind: 'grant',
      status: 'ok',
      issue: '',
      provider_session_id: 'cs_a',
      payment_intent_id: 'pi_cs_a',
      provider_event_id: 'evt_cs_a',
      credits: 50,
      inc_gst_cents: 12_900,
      gst_cents: 1_173,
      ex_gst_cents: 11_727,
      provider_amount_cents: 12_900,
    });
    expect(rows[4]).toMatchObject({ kind: 'reversal', status: 'ok', charge_id: 'ch_a', credits: -25, inc_gst_cents: 6_450, provider_amount_cents: 6_450 });
    expect(rows[5]).toMatchObject({ kind: 'reversal', status: 'ok', dispute_id: 'dp_c', charge_id: 'ch_cs_c', provider_amount_cents: 199_000 });
  });

  it('flags a paid session with no grant as a provider-only row', () => {
    const { rows, summary } = reconcile(period, [grant('cs_a', 12_900)], [paid('cs_a', 12_900), paid('cs_lost', 2_900)]);
    expect(mismatches(rows)).toEqual(['paid session with no grant']);
    expect(rows[1]).toMatchObject({ kind: 'provider_only', provider_session_id: 'cs_lost', provider_amount_cents: 2_900, ledger_entry_id: null, credits: null });
    expect(summary).toMatchObject({ provider_only: 1, mismatches: 1 });
  });

  it('flags a grant with no paid session (an unpaid completion is no payment)', () => {
    const { rows } = reconcile(period, [grant('cs_ghost', 12_900)], []);
    expect(rows).toEqual([expect.objectContaining({ kind: 'grant', status: 'mismatch', issue: 'grant with no paid session', provider_session_id: 'cs_ghost', provider_amount_cents: null })]);
  });

  it('flags a grant whose amount differs from what the provider charged, or in another currency', () => {
    const { rows } = reconcile(period, [grant('cs_a', 12_900), grant('cs_b', 2_900), grant('cs_c', 2_900)], [paid('cs_a', 12_000), paid('cs_b', 2_900, undefined, 'usd'), paid('cs_c', null)]);
    expect(mismatches(rows)).toEqual(['amount differs: ledger 12900, provider 12000', 'currency differs: ledger AUD, provider USD', 'amount differs: ledger 2900, provider none']);
  });

  it('flags a refund with no reversal, a dispute with no reversal, and a reversal with no refund or dispute', () => {
    const ledger = [grant('cs_a', 12_900), reversal('reversal:refund:ch_other:100', 'cs_a', 1, 100), reversal('reversal:manual:x', 'cs_a', 1, 100)];
    const facts = [paid('cs_a', 12_900), refund('cs_a', 'ch_a', 12_900), dispute('cs_a', 'dp_a', 12_900)];
    const { rows, summary } = reconcile(period, ledger, facts);
    expect(mismatches(rows)).toEqual(['reversal with no refund or dispute', 'reversal with no refund or dispute', 'refund with no reversal', 'dispute with no reversal']);
    expect(rows[1]).toMatchObject({ kind: 'reversal', charge_id: 'ch_other', provider_amount_cents: null });
    expect(rows[3]).toMatchObject({ kind: 'provider_only', charge_id: 'ch_a', provider_amount_cents: 12_900, payment_intent_id: 'pi_cs_a' });
    expect(rows[4]).toMatchObject({ kind: 'provider_only', dispute_id: 'dp_a', provider_amount_cents: 12_900 });
    expect(summary).toEqual({ rows: 5, grants: 1, reversals: 2, provider_only: 2, mismatches: 4 });
  });

  it('matches a reversal by payment intent as well as by the refund it names', () => {
    const moved = { ...reversal('reversal:refund:ch_a:12900', 'cs_a', 50, 12_900), provider_payment_id: 'pi_someone_else' };
    const { rows } = reconcile(period, [grant('cs_a', 12_900), moved], [paid('cs_a', 12_900), refund('cs_a', 'ch_a', 12_900)]);
    expect(mismatches(rows)).toEqual(['reversal with no refund or dispute', 'refund with no reversal']);
  });

  it("compares a refund's own money (the increase of the cumulative amount), not the cumulative amount", () => {
    const ledger = [grant('cs_a', 12_900), reversal('reversal:refund:ch_a:12900', 'cs_a', 25, 12_900)];
    const { rows } = reconcile(period, ledger, [paid('cs_a', 12_900), refund('cs_a', 'ch_a', 12_900, 6_450)]);
    expect(mismatches(rows)).toEqual(['amount differs: ledger 12900, provider 6450']);
  });

  it('matches across the edges of the period without reporting or flagging a row twice', () => {
    const ledger = [
      grant('cs_early', 2_900, '2026-02-28T23:59:59.500Z'), // before the period: not reported, but answers its event
      grant('cs_edge', 2_900, '2026-03-01T00:00:00.200Z'), // its event was the night before
      grant('cs_late', 2_900, '2026-04-01T00:00:01.000Z'), // after the period: answers the event of 31 March
    ];
    const facts = [paid('cs_early', 2_900, '2026-03-01T00:00:00.000Z'), paid('cs_edge', 2_900, '2026-02-28T23:59:59.900Z'), paid('cs_late', 2_900, '2026-03-31T23:59:59.000Z')];
    const { rows } = reconcile(period, ledger, facts);
    expect(rows).toEqual([expect.objectContaining({ kind: 'grant', status: 'ok', provider_session_id: 'cs_edge' })]);
  });

  it('takes a redelivered report once, and streams the ledger in pages with the same result', () => {
    const facts = [paid('cs_a', 12_900), { ...paid('cs_a', 12_900, '2026-03-10T01:00:30.000Z'), event_id: 'evt_again' }, paid('cs_b', 2_900)];
    const ledger = [grant('cs_a', 12_900), grant('cs_b', 2_900, '2026-03-10T02:00:00.000Z')];
    const whole = reconcile(period, ledger, facts);
    const reconciler = new Reconciler(period, facts);
    const paged = [...reconciler.addLedger([ledger[0]!]), ...reconciler.addLedger([ledger[1]!]), ...reconciler.finish()];
    expect(paged).toEqual(whole.rows);
    expect(reconciler.summary).toEqual(whole.summary);
    expect(whole.rows.map((r) => r.provider_event_id)).toEqual(['evt_cs_a', 'evt_cs_b']);
    expect(mismatches(whole.rows)).toEqual([]);
  });
});
