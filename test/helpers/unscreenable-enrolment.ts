/**
 * A poison enrolment: an enrolment of a scan whose stored request names nothing the screening can read
 * ("&": written before the API refused such names, or by an import as the owner role), so every
 * re-screen of it throws. Scans are written once, so it stays poison.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../src/db/sql';
import { enrol } from '../../src/modules/monitoring/enrolments';

export async function enrolUnscreenable(em: EntityManager, owner: { accountId: string; clientId: string }): Promise<string> {
  const scanId = randomUUID();
  await sql(
    em,
    `insert into scans (id, account_id, client_id, entity_type, entity_name, request, response_body, response_sha256, list_versions, risk_level, risk_score, match_count, request_sha256, origin, created_at)
     values (?, ?, ?, 'person', '&', ?, ?, 'imported', '[]', 'low', 0, 0, 'imported', 'api', now())`,
    [scanId, owner.accountId, owner.clientId, JSON.stringify({ entity_type: 'person', name: '&' }), JSON.stringify({ scan_result: { matches: [] } })],
  );
  return (await enrol(em.fork(), owner, { scanId, entityName: '&', entityType: 'person', webhookUrl: null })).enrolment.enrolment_id;
}
