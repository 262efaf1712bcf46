import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm, type Orm } from '../../src/db/orm';
import { strandedWebhookEvents } from '../../src/modules/webhooks/webhook-event.store';
import { createTestClient } from '../helpers/identity';
import { testConfig } from '../helpers/test-config';

describe('stranded-work recovery takes pending events in turn, not only the oldest', () => {
  let orm: Orm;
  const ids: string[] = [];
  beforeAll(async () => {
    const config = testConfig();
    orm = await openOrm(config.db);
    const client = await createTestClient(orm.em.fork(), config.auth.encryptionKey);
    const db = orm.em.fork().getConnection();
    // Older than anything another test leaves pending, so these three are the oldest stranded events.
    for (let i = 0; i < 3; i++) {
      const id = randomUUID();
      ids.push(id);
      await db.execute(
        `insert into webhook_events (id, account_id, client_id, event_type, subject_id, target_url, body, status, created_at)
         values (?, ?, ?, 'batch.completed', ?, 'https://receiver.example/hook', '{}', 'pending', timestamp '2000-01-01' + make_interval(mins => ?))`,
        [id, client.accountId, client.clientId, `rotation-${id}`, i],
      );
    }
  });
  afterAll(async () => {
    // Settled, so no recovery run of another test file starts deliveries of them.
    await orm?.em.fork().getConnection().execute(`update webhook_events set status = 'failed', finished_at = now() where id in (?, ?, ?)`, ids);
    await orm?.close(true);
  });

  it('reaches the third of three with a limit of two on the next run, then comes back round', async () => {
    const first = await strandedWebhookEvents(orm.em.fork(), 0, 2);
    expect(first.sort()).toEqual([ids[0], ids[1]].sort()); // never looked at: oldest first
    const second = await strandedWebhookEvents(orm.em.fork(), 0, 2);
    expect(second).toContain(ids[2]); // the backlog of the first run does not hide it
    const [row] = await orm.em.fork().getConnection().execute<{ n: number }[]>('select count(*)::int as n from webhook_events where id in (?, ?, ?) and recovery_checked_at is not null', ids);
    expect(row!.n).toBe(3);
  });
});
