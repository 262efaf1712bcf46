import { Migration } from '@mikro-orm/migrations';
import { APP_ROLE } from '../app-role';

/**
 * The rest of the evidence goes out of the service role's reach, as scans and the case audit log
 * already are: what a past scan was matched against (list versions, their entities and changes;
 * register loads and their entries), what reviewers ruled (match_rulings), what the payment provider
 * sent (psp_events), and the parts of a case row its chain does not vouch for by itself.
 *
 * Two layers, as for the ledger: the app role loses UPDATE, DELETE and TRUNCATE on these tables and is
 * granted UPDATE back only on the columns the service must set (column privileges), and triggers,
 * which bind the owner too, allow those columns to change only the way the service changes them: a
 * ruling's revocation is set once; an event's `processed_at` is set once and its delivery count only
 * grows; a list version's sweep is recorded once; a register load is closed once. Deletes are refused
 * unless the session has set `compliance.pruning = on`, which only a role with DELETE (the owner, see
 * `npm run cli -- retention prune`, src/db/evidence-retention.ts) can use. The tables the app role may
 * still change are reviewed in src/db/app-role-writes.ts, which a test compares with the database.
 */
export class Migration20261128047000EvidenceAppendOnly extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create or replace function refuse_change_except() returns trigger language plpgsql as $$
      begin
        if (to_jsonb(new) - tg_argv) is distinct from (to_jsonb(old) - tg_argv) then
          raise exception '% rows are immutable but for %: UPDATE refused', tg_table_name, array_to_string(tg_argv, ', ') using errcode = 'insufficient_privilege';
        end if;
        return new;
      end $$;`);
    this.addSql(`create or replace function refuse_delete_unless_pruning() returns trigger language plpgsql as $$
      begin
        if current_setting('compliance.pruning', true) = 'on' then return old; end if;
        raise exception '% rows are kept: DELETE refused outside retention pruning (npm run cli -- retention prune)', tg_table_name using errcode = 'insufficient_privilege';
      end $$;`);

    // Cases: the decision and the head move with each decision; who, which scan and which account never change.
    this.addSql(`revoke update, delete, truncate on "cases" from ${APP_ROLE};`);
    this.addSql(`grant update ("decision", "decision_notes", "event_count", "head_hash", "head_anchor", "updated_at") on "cases" to ${APP_ROLE};`);
    this.addSql(`create trigger cases_kept before delete on "cases" for each row execute function refuse_change();`);
    this.addSql(`create trigger cases_identity_fixed before update on "cases" for each row
      execute function refuse_change_except('decision', 'decision_notes', 'event_count', 'head_hash', 'head_anchor', 'updated_at');`);

    const revisable: { table: string; columns: string[]; once: string }[] = [
      // A ruling is revoked (never deleted or rewritten) when its case decides again; a revocation is final.
      { table: 'match_rulings', columns: ['revoked_at', 'revoked_by_sequence'], once: 'old.revoked_at is not null or new.revoked_at is null or new.revoked_by_sequence is null' },
      // A redelivery is counted; an event is marked processed once.
      { table: 'psp_events', columns: ['processed_at', 'deliveries'], once: '(old.processed_at is not null and new.processed_at is distinct from old.processed_at) or new.deliveries < old.deliveries' },
      // The first sweep recorded for a version stands.
      { table: 'list_versions', columns: ['sweep_workflow_id'], once: 'old.sweep_workflow_id is not null' },
      // A load is closed once, with its outcome.
      { table: 'register_loads', columns: ['status', 'record_count', 'problem_count', 'problems', 'finished_at', 'version_number'], once: `old.status <> 'running'` },
    ];
    for (const { table, columns, once } of revisable) {
      const list = columns.map((c) => `"${c}"`).join(', ');
      this.addSql(`revoke update, delete, truncate on "${table}" from ${APP_ROLE};`);
      this.addSql(`grant update (${list}) on "${table}" to ${APP_ROLE};`);
      this.addSql(`create trigger ${table}_fixed_columns before update on "${table}" for each row
        execute function refuse_change_except(${columns.map((c) => `'${c}'`).join(', ')});`);
      this.addSql(`create trigger ${table}_set_once before update on "${table}" for each row when (${once}) execute function refuse_change();`);
      this.addSql(`create trigger ${table}_kept before delete on "${table}" for each row execute function refuse_delete_unless_pruning();`);
      this.addSql(`create trigger ${table}_no_truncate before truncate on "${table}" for each statement execute function refuse_change();`);
    }

    // A ruling exists only as the act of its case's decision: the decision event it names must be of
    // the same account and scan, decide the same way and list the same entity. A forged ruling then needs
    // a forged audit event too, which carries no valid anchor, so the case reads invalid.
    this.addSql(`create or replace function match_ruling_made_by_decision() returns trigger language plpgsql as $$
      declare decided record;
      begin
        select c.account_id, c.scan_id, a.event_type, a.event_data into decided
          from cases c join case_audit_events a on a.case_id = c.id and a.sequence = new.audit_sequence
         where c.id = new.case_id;
        if not found or decided.event_type <> 'decision_logged' or decided.account_id <> new.account_id or decided.scan_id <> new.scan_id
           or decided.event_data->>'decision' is distinct from new.ruling
           or not coalesce(decided.event_data->(case new.ruling when 'false_positive' then 'cleared_matches' else 'confirmed_matches' end)
                           @> jsonb_build_array(new.listed_entity_id), false) then
          raise exception 'match_rulings: a ruling must be made by its case''s decision (case %, event %)', new.case_id, new.audit_sequence
            using errcode = 'insufficient_privilege';
        end if;
        return new;
      end $$;`);
    this.addSql(`create trigger match_rulings_made_by_decision before insert on "match_rulings" for each row execute function match_ruling_made_by_decision();`);

    for (const table of ['listed_entities', 'list_version_changes', 'register_entries']) {
      this.addSql(`revoke update, delete, truncate on "${table}" from ${APP_ROLE};`);
      this.addSql(`create trigger ${table}_immutable before update on "${table}" for each row execute function refuse_change();`);
      this.addSql(`create trigger ${table}_kept before delete on "${table}" for each row execute function refuse_delete_unless_pruning();`);
      this.addSql(`create trigger ${table}_no_truncate before truncate on "${table}" for each statement execute function refuse_change();`);
    }
  }

  override async down(): Promise<void> {
    for (const table of ['listed_entities', 'list_version_changes', 'register_entries']) {
      for (const trigger of ['immutable', 'kept', 'no_truncate']) this.addSql(`drop trigger if exists ${table}_${trigger} on "${table}";`);
      this.addSql(`grant update, delete on "${table}" to ${APP_ROLE};`);
    }
    for (const table of ['match_rulings', 'psp_events', 'list_versions', 'register_loads']) {
      for (const trigger of ['fixed_columns', 'set_once', 'kept', 'no_truncate']) this.addSql(`drop trigger if exists ${table}_${trigger} on "${table}";`);
      this.addSql(`grant update, delete on "${table}" to ${APP_ROLE};`);
    }
    this.addSql(`drop trigger if exists match_rulings_made_by_decision on "match_rulings";`);
    this.addSql(`drop function if exists match_ruling_made_by_decision();`);
    this.addSql(`drop trigger if exists cases_kept on "cases";`);
    this.addSql(`drop trigger if exists cases_identity_fixed on "cases";`);
    this.addSql(`grant update, delete on "cases" to ${APP_ROLE};`);
    this.addSql(`drop function if exists refuse_delete_unless_pruning();`);
    this.addSql(`drop function if exists refuse_change_except();`);
  }
}
