/**
 * One AusTender contract notice, read from an OCDS 1.1 release of the AusTender OCDS API
 * (api.tenders.gov.au/ocds). What the real releases look like (captured `findById` and
 * `findByDates` answers, 2017–2026):
 *
 * - `ocid` is `prod-<32 hex>` and `id` is `prod-<32 hex>-<32 hex>`; `tag` is `["contract"]` for the
 *   notice and `["contractAmendment"]` for each amendment, which is a release of its own with the same
 *   `ocid` and the same contract id, the amended value, and `contracts[0].amendments[{ id: "CN…-A1",
 *   releaseID, amendsReleaseID }]`. `date` is when the release was published.
 * - There is no top-level `buyer`: the agency is the party with role `procuringEntity` (its ABN in
 *   `additionalIdentifiers` with scheme `AU-ABN`). The supplier is the party with role `supplier`,
 *   reached from `contracts[].awardID` → `awards[].suppliers[].id` → `parties[].id`; its ABN is in
 *   `additionalIdentifiers` (`{ id: "90629363328", scheme: "AU-ABN" }`). Overseas suppliers have no ABN
 *   (and an `EXEMPTUUID-…` party id).
 * - Every release carries exactly one contract: `id` is the CN id (`CN4161550`), `description` is the
 *   notice's title as AusTender shows it ("Temporary Personnel Services"), while `title` holds the
 *   agency's own reference number ("4600022869"). `value` is `{ currency: "AUD", amount: "346856.40" }`
 *   with the amount as a string (accepted as a number too). `period.startDate`/`endDate` are instants
 *   at midnight Canberra time (`2025-05-05T14:00:00Z` is 6 May 2025; `2018-02-27T13:00:00Z` is
 *   28 February 2018 in daylight saving), so dates are taken in Australia/Sydney.
 * - The AusTender extension fields (limited tender exemption codes and reasons) are kept in the stored
 *   release; nothing here depends on them.
 *
 * Key of a record: the release id. A release with several contracts (never seen from AusTender, but
 * valid OCDS) gives one record per contract, keyed `${release.id}/${contract.id}`, each keeping the
 * whole release.
 */
import { checkAbn } from '../common/business-numbers';

export interface AustenderContract {
  /** The release id, or `${release id}/${contract id}` when the release has several contracts. */
  releaseId: string;
  /** The contract notice id, e.g. `CN3779137` (amendments keep the notice's id). */
  cnId: string;
  /** The procuring entity's name as published. */
  agency: string | null;
  supplierName: string | null;
  /** 11 digits with a valid checksum, or null (overseas suppliers have none). */
  supplierAbn: string | null;
  /** The contract's description (AusTender's title of the notice), else its `title`. */
  title: string | null;
  /** The contract value in AUD (the amended value for an amendment), or null when absent or unreadable. */
  valueAud: number | null;
  /** When the release was published (ISO 8601, UTC). */
  publishedAt: string | null;
  /** yyyy-mm-dd (Canberra). */
  startDate: string | null;
  endDate: string | null;
  /** The release as published. */
  release: Record<string, unknown>;
}

/** A mapped contract and what could not be read from it without dropping it (e.g. an unreadable amount). */
export interface MappedContract {
  contract: AustenderContract;
  warnings: string[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const objects = (value: unknown): Json[] => (Array.isArray(value) ? value.filter(isObject) : []);
const text = (value: unknown): string | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.replace(/\s+/g, ' ').trim();
  return trimmed === '' ? null : trimmed;
};

/** numeric(16, 2) holds values below 10^14. */
const MAX_VALUE = 1e14;

/** An amount published as a number or a numeric string ("346856.40", "1,250,000"). */
export function parseAmount(value: unknown): number | null | 'unreadable' {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : 'unreadable';
  if (typeof value !== 'string') return 'unreadable';
  const cleaned = value.trim().replace(/^\$/, '');
  if (!/^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/.test(cleaned)) return 'unreadable';
  return Number(cleaned.replace(/,/g, ''));
}

const SYDNEY_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney', year: 'numeric', month: '2-digit', day: '2-digit' });

/** The Canberra calendar day of an OCDS date: a bare yyyy-mm-dd as written, an instant in Australia/Sydney. */
export function canberraDay(value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(raw)) return raw;
  const at = new Date(raw);
  if (Number.isNaN(at.getTime())) return null;
  return SYDNEY_DAY.format(at);
}

function instant(value: unknown): string | null {
  const raw = text(value);
  if (raw === null) return null;
  const at = new Date(raw);
  return Number.isNaN(at.getTime()) ? null : at.toISOString();
}

const hasRole = (party: Json, role: string) => Array.isArray(party.roles) && party.roles.includes(role);

/** The ABN among a party's identifiers (`identifier` or `additionalIdentifiers`, scheme AU-ABN), if valid. */
export function partyAbn(party: Json | undefined): string | null {
  if (!party) return null;
  const identifiers = [...(isObject(party.identifier) ? [party.identifier] : []), ...objects(party.additionalIdentifiers)];
  for (const identifier of identifiers) {
    const scheme = text(identifier.scheme)?.toUpperCase();
    if (scheme !== 'AU-ABN' && scheme !== 'ABN') continue;
    const id = text(identifier.id);
    if (id === null) continue;
    const checked = checkAbn(id);
    if (checked.valid) return checked.value;
  }
  return null;
}

function agencyOf(release: Json, parties: Json[]): string | null {
  const party = parties.find((p) => hasRole(p, 'procuringEntity')) ?? parties.find((p) => hasRole(p, 'buyer'));
  if (party) return text(party.name);
  if (isObject(release.buyer)) return text(release.buyer.name);
  const tender = isObject(release.tender) ? release.tender : {};
  return isObject(tender.procuringEntity) ? text(tender.procuringEntity.name) : null;
}

/** The supplier of a contract: through its award when it names one, else the release's only award, else the only supplier party. */
function supplierOf(contract: Json, awards: Json[], parties: Json[]): { name: string | null; abn: string | null } {
  const awardId = text(contract.awardID);
  const award = (awardId === null ? undefined : awards.find((a) => text(a.id) === awardId)) ?? (awards.length === 1 ? awards[0] : undefined);
  const reference = award ? objects(award.suppliers)[0] : undefined;
  if (reference) {
    const id = text(reference.id);
    const party = id === null ? undefined : parties.find((p) => text(p.id) === id);
    return { name: text(reference.name) ?? (party ? text(party.name) : null), abn: partyAbn(party) ?? partyAbn(reference) };
  }
  const suppliers = parties.filter((p) => hasRole(p, 'supplier'));
  const only = suppliers.length === 1 ? suppliers[0] : undefined;
  return { name: only ? text(only.name) : null, abn: partyAbn(only) };
}

function valueOf(contract: Json, warnings: string[]): number | null {
  if (!isObject(contract.value)) return null;
  const currency = text(contract.value.currency);
  const amount = parseAmount(contract.value.amount);
  if (amount === 'unreadable') {
    warnings.push(`value ${JSON.stringify(contract.value.amount)} is not a number; stored without a value`);
    return null;
  }
  if (amount !== null && currency !== null && currency.toUpperCase() !== 'AUD') {
    warnings.push(`value is in ${currency}, not AUD; stored without a value`);
    return null;
  }
  if (amount !== null && Math.abs(amount) >= MAX_VALUE) {
    warnings.push(`value ${amount} is out of range; stored without a value`);
    return null;
  }
  return amount === null ? null : Math.round(amount * 100) / 100;
}

/**
 * Every contract of a release as a record (with what could not be read from it), or the reason the
 * release gives none: it is not an object, has no id, or has no contract with an id.
 */
export function mapReleaseContracts(release: unknown): MappedContract[] | { problem: string } {
  if (!isObject(release)) return { problem: 'a release is not a JSON object' };
  const releaseId = text(release.id);
  if (releaseId === null) return { problem: 'the release has no id' };
  const contracts = objects(release.contracts);
  if (contracts.length === 0) return { problem: `release ${releaseId} has no contracts` };
  const parties = objects(release.parties);
  const awards = objects(release.awards);
  const agency = agencyOf(release, parties);
  const publishedAt = instant(release.date);
  const mapped: MappedContract[] = [];
  for (const [index, contract] of contracts.entries()) {
    const cnId = text(contract.id);
    if (cnId === null) return { problem: `release ${releaseId}: contract ${index + 1} has no id` };
    const warnings: string[] = [];
    const supplier = supplierOf(contract, awards, parties);
    const period = isObject(contract.period) ? contract.period : {};
    mapped.push({
      contract: {
        releaseId: contracts.length === 1 ? releaseId : `${releaseId}/${cnId}`,
        cnId,
        agency,
        supplierName: supplier.name,
        supplierAbn: supplier.abn,
        title: text(contract.description) ?? text(contract.title),
        valueAud: valueOf(contract, warnings),
        publishedAt: publishedAt ?? instant(contract.dateSigned),
        startDate: canberraDay(period.startDate),
        endDate: canberraDay(period.endDate),
        release,
      },
      warnings,
    });
  }
  return mapped;
}

/**
 * The contract notice of a release, as AusTender publishes them (one contract per release), or why
 * there is none. A release with several contracts is a problem here: read it with
 * {@link mapReleaseContracts}, which gives one record per contract (the parser does).
 */
export function mapRelease(release: unknown): AustenderContract | { problem: string } {
  const mapped = mapReleaseContracts(release);
  if ('problem' in mapped) return mapped;
  if (mapped.length !== 1) return { problem: `the release has ${mapped.length} contracts; read it with mapReleaseContracts` };
  return mapped[0]!.contract;
}
