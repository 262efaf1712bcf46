/**
 * Running the finance reconciliation over its two sides: the ledger's purchase movements, page by page
 * (ledger-movement.store.ts), and the provider's facts: its own records read with the SDK
 * (provider-records.ts), joined with the verified events we stored in `psp_events` (a fact either told
 * us of counts once), both through the {@link Reconciler}. Operators' grants and revocations are listed
 * apart, with who and why.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Psp } from '../checkout/psp-client';
import { providerFacts } from './event-facts';
import { countExcludedGrants, countLedgerMovements, ledgerPages, operatorMovements } from './ledger-movement.store';
import type { ProviderFact } from './movements';
import { readProviderRecords } from './provider-records';
import { factKey, Reconciler, type ReconciliationSummary } from './reconciliation';
import { matchWindow, type ReconciliationScope } from './reconciliation-period';
import { operatorRow, type ReportRow } from './report-rows';

/** The provider's facts (its records first), with the stored events' facts it did not list: one per fact. */
export function joinFacts(fromProvider: ProviderFact[], fromEvents: ProviderFact[]): ProviderFact[] {
  const facts = new Map<string, ProviderFact>();
  for (const fact of fromProvider) facts.set(factKey(fact), fact);
  for (const fact of fromEvents) {
    const known = facts.get(factKey(fact));
    if (!known) facts.set(factKey(fact), fact);
    else if (known.event_id === null) facts.set(factKey(fact), { ...known, event_id: fact.event_id });
  }
  return [...facts.values()];
}

export interface ReconciliationRun {
  summary: ReconciliationSummary & {
    excluded_non_purchase_grants: number;
    operator: number;
    /** Objects read from the provider and those left out as not ours; null when its records were not read. */
    provider_records: { read: number; not_ours: number } | null;
  };
}

/** Where the provider's own records are read from (the SDK client); without it only stored events are. */
export interface ProviderSource {
  psp: Psp;
  pageSize?: number;
}

/**
 * Runs the reconciliation of `scope`: `onRows` receives the report rows page by page (write them out as
 * they come), `onProgress` the movements read so far of the total.
 */
export async function runReconciliation(
  em: EntityManager,
  scope: ReconciliationScope,
  sink: { onRows(rows: ReportRow[]): Promise<void> | void; onProgress?(done: number, total: number): void },
  provider?: ProviderSource,
): Promise<ReconciliationRun> {
  const window = matchWindow(scope.period);
  const records = provider ? await readProviderRecords(provider.psp, em, window, provider.pageSize) : null;
  const stored = await providerFacts(em, window, scope.accountId);
  const fromProvider = records ? (scope.accountId ? records.facts.filter((f) => f.account_id === scope.accountId) : records.facts) : [];
  const facts = joinFacts(fromProvider, stored);
  const [total, excluded] = [await countLedgerMovements(em, window, scope.accountId), await countExcludedGrants(em, scope)];
  const reconciler = new Reconciler(scope.period, facts);
  let done = 0;
  sink.onProgress?.(0, total);
  for await (const page of ledgerPages(em, window, scope.accountId)) {
    const rows = reconciler.addLedger(page);
    if (rows.length > 0) await sink.onRows(rows);
    done += page.length;
    sink.onProgress?.(done, Math.max(total, done));
  }
  const operators = (await operatorMovements(em, scope)).map(operatorRow);
  if (operators.length > 0) await sink.onRows(operators);
  const providerOnly = reconciler.finish();
  if (providerOnly.length > 0) await sink.onRows(providerOnly);
  const summary = reconciler.summary;
  return {
    summary: {
      ...summary,
      rows: summary.rows + operators.length,
      excluded_non_purchase_grants: excluded,
      operator: operators.length,
      provider_records: records ? { read: records.read, not_ours: records.notOurs } : null,
    },
  };
}
