/**
 * A wallet's standing with us, as the API enforces it: `clear` (no row, or a bond released),
 * `bond_required` (flagged; its next job is refused until it posts a verification bond),
 * `under_verification` (bond held in escrow, the clean window running: jobs run degraded and under a
 * tighter limit) or `forfeited` (confirmed abuse: refused). The row is a projection of the
 * `bond-<wallet>` workflow, which alone writes it; every transition is also appended to
 * `acp_wallet_events`, so the history survives the row being overwritten.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../../db/sql';

export type WalletStatus = 'clear' | 'bond_required' | 'under_verification' | 'forfeited';

export interface WalletStanding {
  address: string;
  status: WalletStatus;
  bond_usdc: number | null;
  bond_escrow_contract: string | null;
  bond_escrow_job_id: string | null;
  bond_posted_at: string | null;
  clean_window_ends_at: string | null;
  flagged_at: string | null;
  workflow_id: string;
  updated_at: string;
}

type Row = Omit<WalletStanding, 'bond_usdc' | 'bond_posted_at' | 'clean_window_ends_at' | 'flagged_at' | 'updated_at'> & {
  bond_usdc: string | null;
  bond_posted_at: Date | null;
  clean_window_ends_at: Date | null;
  flagged_at: Date | null;
  updated_at: Date;
};

const iso = (d: Date | null) => (d === null ? null : new Date(d).toISOString());

const toStanding = (r: Row): WalletStanding => ({
  ...r,
  bond_usdc: r.bond_usdc === null ? null : Number(r.bond_usdc),
  bond_posted_at: iso(r.bond_posted_at),
  clean_window_ends_at: iso(r.clean_window_ends_at),
  flagged_at: iso(r.flagged_at),
  updated_at: iso(r.updated_at)!,
});

/** Addresses are stored lower-case: a wallet must not escape its standing by changing its checksum case. */
export const walletKey = (address: string) => address.toLowerCase();

export async function findWalletStanding(em: EntityManager, address: string): Promise<WalletStanding | undefined> {
  const [row] = await sql<Row[]>(em, 'select * from acp_wallets where address = ?', [walletKey(address)]);
  return row ? toStanding(row) : undefined;
}

export interface StandingChange {
  status: WalletStatus;
  bondUsdc?: number | null;
  bondEscrow?: { contract: string; jobId: string } | null;
  bondPostedAt?: Date | null;
  cleanWindowEndsAt?: Date | null;
  flaggedAt?: Date | null;
}

/**
 * Writes the wallet's standing and appends the event that caused it, in one transaction. Fields not
 * given keep their value; `null` clears them.
 */
export async function recordStanding(em: EntityManager, address: string, workflowId: string, change: StandingChange, event: { name: string; detail: Record<string, unknown> }): Promise<WalletStanding> {
  const key = walletKey(address);
  // Only the columns the change names are written; an existing row keeps the rest.
  const columns: Record<string, unknown> = { status: change.status, workflow_id: workflowId };
  if (change.bondUsdc !== undefined) columns.bond_usdc = change.bondUsdc;
  if (change.bondEscrow !== undefined) Object.assign(columns, { bond_escrow_contract: change.bondEscrow?.contract ?? null, bond_escrow_job_id: change.bondEscrow?.jobId ?? null });
  if (change.bondPostedAt !== undefined) columns.bond_posted_at = change.bondPostedAt;
  if (change.cleanWindowEndsAt !== undefined) columns.clean_window_ends_at = change.cleanWindowEndsAt;
  if (change.flaggedAt !== undefined) columns.flagged_at = change.flaggedAt;
  const names = Object.keys(columns);
  return em.transactional(async (tx) => {
    const [row] = await sql<Row[]>(
      tx,
      `insert into acp_wallets (address, ${names.join(', ')}) values (?, ${names.map(() => '?').join(', ')})
       on conflict (address) do update set ${names.map((n) => `${n} = excluded.${n}`).join(', ')}, updated_at = clock_timestamp()
       returning *`,
      [key, ...Object.values(columns)],
    );
    await sql(tx, 'insert into acp_wallet_events (address, event, detail) values (?, ?, ?::jsonb)', [key, event.name, JSON.stringify({ status: change.status, ...event.detail })]);
    return toStanding(row!);
  });
}

export interface WalletEvent {
  event: string;
  detail: Record<string, unknown>;
  created_at: string;
}

/** The wallet's bond history, oldest first (the last `limit`). */
export async function walletEvents(em: EntityManager, address: string, limit = 50): Promise<WalletEvent[]> {
  const rows = await sql<{ event: string; detail: Record<string, unknown>; created_at: Date }[]>(
    em,
    'select * from (select event, detail, created_at, id from acp_wallet_events where address = ? order by id desc limit ?) e order by id',
    [walletKey(address), limit],
  );
  return rows.map((r) => ({ event: r.event, detail: r.detail, created_at: new Date(r.created_at).toISOString() }));
}
