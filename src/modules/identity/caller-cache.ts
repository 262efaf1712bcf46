/**
 * An in-process cache of callers, kept honest by PostgreSQL: a trigger announces every change to a
 * registration or account on `identity_changed`, and this cache drops the entry as soon as it hears.
 * While the notification connection is down the cache is bypassed (every request reads the database),
 * so a revocation is never missed; registration expiry is checked against the clock on every hit.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { DatabaseNotifications } from '../../db/notifications';
import { findCaller, type CallerLookup } from './caller';

/** Upper bound on how long an entry lives even without news, and on how many entries are kept. */
const ENTRY_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  lookup: CallerLookup;
  storedAt: number;
}

export class CallerCache {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly notifications: DatabaseNotifications) {
    notifications.subscribe({
      channel: 'identity_changed',
      onNotification: (payload) => this.onChange(payload),
      onListening: () => this.entries.clear(),
      onLost: () => this.entries.clear(),
    });
  }

  private onChange(payload: string): void {
    const [kind, id] = payload.split(':');
    if (kind === 'client' && id) this.entries.delete(id);
    else if (kind === 'account' && id) {
      for (const [clientId, entry] of this.entries) {
        if (entry.lookup.state !== 'unknown' && entry.lookup.caller.accountId === id) this.entries.delete(clientId);
      }
    } else this.entries.clear();
  }

  /** The caller behind `clientId`, from the cache when it is trustworthy, else from the database. */
  async lookup(em: EntityManager, clientId: string): Promise<CallerLookup> {
    const now = Date.now();
    const listening = this.notifications.isListening;
    const hit = listening ? this.entries.get(clientId) : undefined;
    if (hit && now - hit.storedAt < ENTRY_TTL_MS) return withExpiry(hit.lookup, now);
    const fresh = await findCaller(em, clientId);
    if (listening && fresh.state !== 'unknown') {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
      this.entries.set(clientId, { lookup: fresh, storedAt: now });
    }
    return fresh;
  }
}

/** A cached active caller whose registration has since passed its expiry is expired now. */
function withExpiry(lookup: CallerLookup, now: number): CallerLookup {
  if (lookup.state === 'active' && lookup.caller.expiresAt && lookup.caller.expiresAt.getTime() <= now) {
    return { state: 'expired', caller: lookup.caller };
  }
  return lookup;
}
