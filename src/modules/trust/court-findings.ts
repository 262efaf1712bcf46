/**
 * CRT's findings from ASIC's published notices and the company status: a notice counts by the ACN (or
 * ABN) it names; a notice that meets one of the entity's names only is a possible match, listed with
 * why, never deducted (the name is often shared by a dozen companies over the years).
 */
import { isCurrentAdministration } from '../../sources/asic/notices';
import { registerNameKey } from '../../sources/registers/name-key';
import type { EntryHit } from '../registers/register-search.store';
import type { PossibleMatch, RegisterFindings } from './register-findings';

/** A published notice of administration counts as current for a year after it was published. */
const NOTICE_CURRENT_DAYS = 365;
const DAY_MS = 86_400_000;

/** The notices linked by identifier as CRT reads them, with the ASIC status EXAD as a current administration. */
export function noticesOf(hits: EntryHit[], asicStatus: string | null, now: Date): RegisterFindings['court']['notices'] {
  const notices = hits.map((h) => ({
    kind: h.category,
    date: h.startDate,
    current: isCurrentAdministration(h.category) && h.startDate !== null && now.getTime() - new Date(h.startDate).getTime() <= NOTICE_CURRENT_DAYS * DAY_MS,
  }));
  if (asicStatus === 'EXAD') notices.unshift({ kind: 'external administration (ASIC company status EXAD)', date: null, current: true });
  return notices;
}

/** A published notice that names a company of one of our names but not our ACN. */
export function noticeByName(hit: EntryHit, names: string[]): PossibleMatch {
  return {
    register: "ASIC's published notices",
    name: hit.name,
    matched_name: names.find((n) => registerNameKey(n) === registerNameKey(hit.name)) ?? hit.name,
    category: hit.category,
    start_date: hit.startDate,
    end_date: null,
    current: isCurrentAdministration(hit.category),
    record: { acn: hit.acn, notice_id: hit.detail.notice_id ?? null, status: hit.detail.status ?? null },
    url: hit.url,
    reason_not_counted: hit.acn ? 'the notice names another ACN, so it is about another company of that name.' : 'the notice gives no ACN, and a name alone does not identify a company.',
    unresolved: !hit.acn,
  };
}
