/**
 * Abuse flags as stored: one row per finding, with the rule, the pattern, a summary, the jobs and the
 * evidence, kept for good (the service role may not rewrite them). A finding is stored once: its
 * fingerprint (wallet, rule, pattern and the jobs it rests on) is unique, so a review that runs twice
 * records nothing new. `handled_at` is set once the wallet's bond workflow has been told.
 */
import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../../db/sql';
import { walletKey } from '../bond/wallet-standing';

export interface FlagFinding {
  rule: 'structuring' | 'enumeration' | 'blacklisted_wallet' | 'operator';
  pattern: string;
  summary: string;
  job_ids: string[];
  evidence: Record<string, unknown>;
}

export interface WalletFlag extends FlagFinding {
  id: string;
  address: string;
  /** Set when the finding came from reviewing every wallet seen from one IP address together. */
  source_ip: string | null;
  created_at: string;
  handled_at: string | null;
}

type Row = Omit<WalletFlag, 'created_at' | 'handled_at'> & { created_at: Date; handled_at: Date | null };
const toFlag = (r: Row): WalletFlag => ({ ...r, id: String(r.id), created_at: new Date(r.created_at).toISOString(), handled_at: r.handled_at && new Date(r.handled_at).toISOString() });

/** Records a finding unless the same one was recorded before; returns the new flag, or undefined. */
export async function recordFlag(em: EntityManager, address: string, finding: FlagFinding, fingerprintParts: string[] = [...finding.job_ids].sort(), sourceIp: string | null = null): Promise<WalletFlag | undefined> {
  const key = walletKey(address);
  const fingerprint = createHash('sha256').update([key, finding.rule, finding.pattern, ...fingerprintParts].join('|')).digest('hex');
  const [row] = await sql<Row[]>(
    em,
    `insert into acp_wallet_flags (address, rule, pattern, summary, job_ids, evidence, fingerprint, source_ip)
     values (?, ?, ?, ?, ?::jsonb, ?::jsonb, ?, ?) on conflict (fingerprint) do nothing returning *`,
    [key, finding.rule, finding.pattern, finding.summary, JSON.stringify(finding.job_ids), JSON.stringify(finding.evidence), fingerprint, sourceIp],
  );
  return row ? toFlag(row) : undefined;
}

/** Flags whose wallet's bond workflow has not yet been told, oldest first. */
export async function unhandledFlags(em: EntityManager, limit: number): Promise<WalletFlag[]> {
  return (await sql<Row[]>(em, 'select * from acp_wallet_flags where handled_at is null order by id limit ?', [limit])).map(toFlag);
}

export async function markFlagsHandled(em: EntityManager, ids: string[]): Promise<void> {
  if (ids.length) await sql(em, `update acp_wallet_flags set handled_at = clock_timestamp() where id = any(?::bigint[]) and handled_at is null`, [ids]);
}

/** The wallet's flags, newest first. */
export async function walletFlags(em: EntityManager, address: string, limit = 20): Promise<WalletFlag[]> {
  return (await sql<Row[]>(em, 'select * from acp_wallet_flags where address = ? order by id desc limit ?', [walletKey(address), limit])).map(toFlag);
}

/** The latest flag raised on the wallets of one IP address within `withinMs`, or undefined. */
export async function recentFlagFromIp(em: EntityManager, sourceIp: string, withinMs: number): Promise<WalletFlag | undefined> {
  const [row] = await sql<Row[]>(em, `select * from acp_wallet_flags where source_ip = ? and created_at > now() - make_interval(secs => ?) order by id desc limit 1`, [sourceIp, withinMs / 1000]);
  return row ? toFlag(row) : undefined;
}

/** When the wallets of one IP address were last flagged together: later reviews of it judge only the traffic after it. */
export async function lastFlaggedIpAt(em: EntityManager, sourceIp: string): Promise<Date | null> {
  const [row] = await sql<{ at: Date | null }[]>(em, `select max(created_at) as at from acp_wallet_flags where source_ip = ? and pattern <> 'same_source_ip'`, [sourceIp]);
  return row?.at ? new Date(row.at) : null;
}

/** When the wallet was last flagged: later reviews judge only the traffic after it. */
export async function lastFlaggedAt(em: EntityManager, address: string): Promise<Date | null> {
  const [row] = await sql<{ at: Date | null }[]>(em, 'select max(created_at) as at from acp_wallet_flags where address = ?', [walletKey(address)]);
  return row?.at ? new Date(row.at) : null;
}
