/** Human names of the sources, for `metadata.data_sources` and reports. */
const NAMES: Record<string, string> = {
  dfat: 'DFAT Consolidated Sanctions List',
  un: 'UN Security Council Consolidated List',
  ofac: 'OFAC Specially Designated Nationals List',
  everypolitician: 'EveryPolitician: Australian federal parliamentarians (domestic PEPs)',
};

export function listDisplayName(source: string): string {
  if (NAMES[source]) return NAMES[source];
  if (source.startsWith('opensanctions:')) return `OpenSanctions dataset ${source.slice('opensanctions:'.length)}`;
  return source;
}
