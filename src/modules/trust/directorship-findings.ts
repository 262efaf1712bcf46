/**
 * DIR's findings from the banned and disqualified registers: an organisation's record counts when its
 * ACN is the entity's; a person's when the record is corroborated beyond the name (person-evidence.ts).
 * Every other hit by name is a possible match that needs confirmation, reported with the record and why
 * it was not counted. A record whose banning has ended is history, never a current banning.
 */
import type { EntryHit } from '../registers/register-search.store';
import { registerNameKey } from '../../sources/registers/name-key';
import { linkBannedPerson, type PersonToCheck } from './person-evidence';
import type { CountedBanning, PossibleMatch, RegisterFindings } from './register-findings';

const PERSONS = 'banned and disqualified persons' as const;
const ORGS = 'banned and disqualified organisations' as const;

const printedAcn = (acn: string) => `${acn.slice(0, 3)} ${acn.slice(3, 6)} ${acn.slice(6)}`;

function possible(hit: EntryHit, register: string, matchedName: string, current: boolean, reason: string, unresolved: boolean): PossibleMatch {
  const { comments: _comments, ...record } = hit.detail;
  return {
    register: `ASIC's ${register} register`,
    name: hit.name,
    matched_name: matchedName,
    category: hit.category,
    start_date: hit.startDate,
    end_date: hit.endDate,
    current,
    record: { ...record, acn: hit.acn },
    url: hit.url,
    reason_not_counted: reason,
    unresolved,
  };
}

/** The directorship part of the findings. */
export function directorshipOf(input: {
  orgHits: EntryHit[];
  personHits: EntryHit[];
  acns: string[];
  entityNames: string[];
  persons: PersonToCheck[];
  today: string;
}): RegisterFindings['directorship'] {
  const counted: CountedBanning[] = [];
  const possibleMatches: PossibleMatch[] = [];
  const isCurrent = (h: EntryHit) => h.endDate === null || h.endDate >= input.today;
  const banning = (h: EntryHit, register: CountedBanning['register'], evidence: string): CountedBanning => ({
    name: h.name,
    register,
    category: h.category,
    current: isCurrent(h),
    until: h.endDate,
    evidence,
  });

  for (const hit of input.orgHits) {
    if (hit.acn && input.acns.includes(hit.acn)) {
      counted.push(banning(hit, ORGS, `ACN ${printedAcn(hit.acn)}`));
      continue;
    }
    const matchedName = input.entityNames.find((n) => registerNameKey(n) === registerNameKey(hit.name)) ?? hit.name;
    const reason = hit.acn ? `the record names ACN ${printedAcn(hit.acn)}, which is not this entity's.` : 'the record gives no ACN, and a name alone does not identify a company.';
    possibleMatches.push(possible(hit, ORGS, matchedName, isCurrent(hit), reason, !hit.acn));
  }

  for (const hit of input.personHits) {
    const key = registerNameKey(hit.name);
    const links = input.persons.filter((p) => registerNameKey(p.name) === key).map((p) => ({ person: p, link: linkBannedPerson(p, hit) }));
    const linked = links.find((l) => l.link.counted);
    if (linked && linked.link.counted) {
      counted.push(banning(hit, PERSONS, linked.link.evidence));
      continue;
    }
    const first = links[0];
    if (!first || first.link.counted) continue;
    // With several people of one name, the record could still be any of those not ruled out.
    const open = links.find((l) => !l.link.counted && l.link.unresolved) ?? first;
    const link = open.link as Extract<typeof open.link, { counted: false }>;
    possibleMatches.push(possible(hit, PERSONS, open.person.name, isCurrent(hit), link.reason, link.unresolved));
  }
  return {
    acnChecked: input.acns[0] ? printedAcn(input.acns[0]) : null,
    personsChecked: [...new Set(input.persons.map((p) => p.name))],
    counted,
    possibleMatches,
  };
}
