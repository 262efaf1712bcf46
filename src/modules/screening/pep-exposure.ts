/**
 * For a PEP match, what makes the listed person politically exposed and since when: the positions the
 * list publishes (seats and offices with their dates), the earliest date the data shows, and whether
 * any position is still held as far as the list knows. A reviewer deciding whether a former PEP still
 * carries PEP risk needs exactly these dates.
 */
import type { ListedPosition } from '../../sources/listed-entity';
import { type PepCategory, pepCategoryOfSource } from './risk/pep-category';

export interface PepPositionRecord {
  title: string;
  body: string | null;
  area: string | null;
  party: string | null;
  term: number | null;
  start_date: string | null;
  end_date: string | null;
  kind: 'membership' | 'office';
}

export interface PepExposure {
  category: PepCategory;
  /** Most recent first, as the list publishes them. */
  positions: PepPositionRecord[];
  /** The earliest start date among the positions (`YYYY`, `YYYY-MM` or `YYYY-MM-DD`); null when none is dated. */
  pep_since: string | null;
  /** The latest end date when every dated position has ended; null while one is still held (or none is dated). */
  last_position_ended: string | null;
  /** One line for the reviewer: the latest position and the dates above. */
  summary: string;
}

/**
 * The exposure of a PEP match from the listed positions. Offices published with no dates at all say
 * nothing about when, so they are listed but do not move `pep_since` or `last_position_ended`.
 */
export function pepExposureOf(source: string, positions: readonly ListedPosition[] = []): PepExposure {
  const dated = positions.filter((p) => p.startDate !== null || p.endDate !== null);
  const starts = dated.map((p) => p.startDate).filter((d): d is string => d !== null).sort();
  const ongoing = dated.some((p) => p.endDate === null);
  const ends = dated.map((p) => p.endDate).filter((d): d is string => d !== null).sort();
  const pepSince = starts[0] ?? null;
  const lastEnded = ongoing || ends.length === 0 ? null : ends[ends.length - 1]!;
  const category = pepCategoryOfSource(source);
  return {
    category,
    positions: positions.map((p) => ({
      title: p.title,
      body: p.body,
      area: p.area,
      party: p.party,
      term: p.term,
      start_date: p.startDate,
      end_date: p.endDate,
      kind: p.kind,
    })),
    pep_since: pepSince,
    last_position_ended: lastEnded,
    summary: summaryOf(category, positions[0], pepSince, ongoing, lastEnded),
  };
}

function summaryOf(category: PepCategory, latest: ListedPosition | undefined, since: string | null, ongoing: boolean, ended: string | null): string {
  const kind = category === 'domestic' ? 'Domestic PEP' : category === 'foreign' ? 'Foreign PEP' : 'PEP (domestic or foreign not stated by the list)';
  if (!latest) return `${kind}: the list publishes no positions`;
  const where = [latest.area, latest.party].filter((part) => part !== null).join(', ');
  const held = `${latest.title}${where ? ` (${where})` : ''}`;
  const dates = since ? `; a PEP since at least ${since}` : '';
  const status = ongoing ? ', position held as far as the list knows' : ended ? `, last position ended ${ended} (a former PEP remains a PEP while the risk persists)` : '';
  return `${kind}: ${held}${dates}${status}`;
}
