/**
 * AUS's findings: AUSTRAC's enforcement actions (a small register, read whole) linked to the legal
 * entity by austrac-links.ts, and those meeting one of the entity's names only, as possible matches.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { currentEntries } from '../registers/register-search.store';
import { linkAction, nameKeyOf, whyActionNotCounted, type LegalSubject } from './austrac-links';
import type { PossibleMatch, RegisterFindings } from './register-findings';

/** AUSTRAC's actions linked to the legal entity, and those meeting one of its names only. */
export async function austracOf(em: EntityManager, subject: LegalSubject, names: string[]): Promise<RegisterFindings['austrac']> {
  const ourKeys = new Map(names.map((n) => [nameKeyOf(n), n]));
  const enforcementActions: RegisterFindings['austrac']['enforcementActions'] = [];
  const possibleMatches: PossibleMatch[] = [];
  for (const hit of await currentEntries(em, 'austrac_enforcement')) {
    const title = hit.detail.title ?? `${hit.category} against ${hit.name}`;
    const evidence = linkAction(hit, subject);
    if (evidence) {
      enforcementActions.push({ title, date: hit.startDate, evidence });
      continue;
    }
    const matched = ourKeys.get(nameKeyOf(hit.name));
    if (!matched) continue;
    const why = whyActionNotCounted(hit);
    possibleMatches.push({
      register: "AUSTRAC's enforcement actions",
      name: hit.name,
      matched_name: matched,
      category: hit.category,
      start_date: hit.startDate,
      end_date: null,
      current: true,
      record: { title, legal_name: hit.detail.legal_name ?? null, abn: hit.abn, acn: hit.acn },
      url: hit.url,
      reason_not_counted: why.reason,
      unresolved: why.unresolved,
    });
  }
  return { enforcementActions, possibleMatches };
}
