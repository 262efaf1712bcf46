/**
 * The SQL of a paid scan: the balance debited, the scan stored and its ledger row written in one
 * statement, so a scan is never stored unpaid nor a credit taken for a scan not stored. One text for a
 * scan alone and one per batch size, each prepared once per connection (`DebitedScanWriter`).
 */

/** The scans table's columns a paid scan writes, with the type each value is cast to. */
export interface ScanColumn {
  name: string;
  type: string;
}

/** One scan and its debit; placeholders: account, the scan's values in `columns` order, ledger id, account. */
export function singleScanStatement(columns: readonly ScanColumn[]): string {
  return `with paid as (
         update credit_balances set balance = balance - 1, updated_at = now() where account_id = ? and balance >= 1
         returning balance, reference_balance, reference_entry_id),
       stored as (
         insert into scans (${columns.map((c) => c.name).join(', ')}) select ${columns.map(() => '?').join(', ')} where exists (select 1 from paid) returning id),
       debited as (
         insert into credit_ledger (id, account_id, kind, amount, balance_after, idempotency_key, description, scan_id)
         select ?, ?, 'debit', -1, paid.balance, 'debit:scan:' || stored.id, 'Full scan', stored.id from paid, stored returning id)
       select paid.balance, paid.reference_balance, paid.reference_entry_id, (select count(*) from debited) as debits
         from paid join stored on true`;
}

/**
 * `n` scans of one account and their debits, written only if the balance covers all of them; the
 * k-th ledger row records the balance after the first k debits. Placeholders: n, account, n, each
 * scan's values, account, n, then each scan's ledger id and scan id.
 */
export function batchScanStatement(columns: readonly ScanColumn[], n: number): string {
  const names = columns.map((c) => c.name);
  const scanRow = `(${columns.map((c) => `?::${c.type}`).join(', ')})`;
  const scanRows: string[] = [];
  const ledgerRows: string[] = [];
  for (let i = 0; i < n; i++) {
    scanRows.push(scanRow);
    ledgerRows.push(`(?::uuid, ?::uuid, ${i + 1})`);
  }
  return `with paid as (
         update credit_balances set balance = balance - ?::integer, updated_at = now() where account_id = ? and balance >= ?::integer
         returning balance, reference_balance, reference_entry_id),
       stored as (
         insert into scans (${names.join(', ')}) select * from (values ${scanRows.join(', ')}) as v(${names.join(', ')})
           where exists (select 1 from paid) returning id),
       debited as (
         insert into credit_ledger (id, account_id, kind, amount, balance_after, idempotency_key, description, scan_id)
         select l.ledger_id, ?, 'debit', -1, paid.balance + ?::integer - l.ord, 'debit:scan:' || l.scan_id, 'Full scan', l.scan_id
           from paid, (values ${ledgerRows.join(', ')}) as l(ledger_id, scan_id, ord) returning id)
       select paid.balance, paid.reference_balance, paid.reference_entry_id, (select count(*) from stored)::integer as stored
         from paid`;
}
