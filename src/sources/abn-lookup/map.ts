/**
 * ABN Lookup answers mapped to what the Trust Score needs. Every key of the service's answer is
 * optional (the 2018 answers lack `AbnStatusEffectiveFrom` and `Acn`; `Gst` and `AddressDate` may be
 * null or empty), and a "not found" or refused request still parses, with empty identifiers and the
 * reason in `Message`. So an answer counts as found only when its `Abn` is the 11-digit ABN that was
 * asked for (a captured AcnDetails answer holds the 9-digit ACN there) and it is not a bare message.
 */

export interface AbnLookupRecord {
  /** The ABN asked about (11 digits), whatever the answer held. */
  abn: string;
  found: boolean;
  /** The service's `Message` (empty for a found ABN; the reason otherwise), or null when empty. */
  message: string | null;
  status: 'active' | 'cancelled' | null;
  /** `AbnStatusEffectiveFrom` (yyyy-mm-dd); null in older answers. */
  statusFrom: string | null;
  name: string | null;
  entityTypeCode: string | null;
  entityTypeName: string | null;
  /** The 9-digit ACN of a company, when the answer carries one (newer answers only). */
  acn: string | null;
  /** The date the entity registered for GST (yyyy-mm-dd); null when not registered or not said. */
  gstFrom: string | null;
  /** Business names, each once (the service repeats them), in the service's order. */
  businessNames: string[];
  state: string | null;
  postcode: string | null;
}

export interface MatchingName {
  abn: string;
  name: string;
  /** e.g. `Entity Name`, `Business Name`, `Trading Name`, `Other Name`. */
  nameType: string | null;
  status: 'active' | 'cancelled' | null;
  isCurrent: boolean | null;
  score: number | null;
  state: string | null;
  postcode: string | null;
}

/**
 * What a non-empty `Message` means: `refused` when the service did not accept the GUID (a
 * configuration fault: unknown, unregistered for the service, or cancelled), `not_found` when there is
 * no such ABN (or the number is not a valid ABN), `other` for anything else (such as "System problems
 * have prevented this request from completing"), which must not be mistaken for "not found".
 */
export type AbnLookupMessageKind = 'none' | 'refused' | 'not_found' | 'other';

const REFUSED = /\bguid\b|registered party|not registered for the requested service/i;
const NOT_FOUND = /\bno (?:matching )?(?:records?|results?|match(?:es)?|names?) (?:was |were )?found\b|\bnot a valid (?:abn|acn)\b|\b(?:abn|acn) (?:is )?(?:invalid|not valid)\b|\binvalid (?:abn|acn)\b/i;

export function classifyMessage(message: string | null | undefined): AbnLookupMessageKind {
  const m = message?.trim();
  if (!m) return 'none';
  if (REFUSED.test(m)) return 'refused';
  if (NOT_FOUND.test(m)) return 'not_found';
  return 'other';
}

type Json = Record<string, unknown>;

const asObject = (value: unknown): Json => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {});
const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim().replace(/\s+/g, ' ') : null);
const digits = (value: unknown): string => (typeof value === 'string' || typeof value === 'number' ? String(value).replace(/\s+/g, '') : '');
const isoDay = (value: unknown): string | null => text(value)?.match(/^\d{4}-\d{2}-\d{2}/)?.[0] ?? null;

/** 'Active' / 'Cancelled' (AbnDetails) or '0000000001' / '0000000002' (MatchingNames). */
function statusOf(value: unknown): AbnLookupRecord['status'] {
  const v = text(value)?.toLowerCase();
  if (v === 'active' || v === '0000000001') return 'active';
  if (v === 'cancelled' || v === '0000000002') return 'cancelled';
  return null;
}

/** Business names as strings (tolerating `{ OrganisationName }` items), each once, ignoring case and spacing. */
function businessNamesOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const seen = new Set<string>();
  const names: string[] = [];
  for (const item of items) {
    const name = text(typeof item === 'object' && item !== null ? (item as Json).OrganisationName : item);
    if (!name || seen.has(name.toUpperCase())) continue;
    seen.add(name.toUpperCase());
    names.push(name);
  }
  return names;
}

/** An AbnDetails answer for `requestedAbn` (spaces ignored). */
export function mapAbnDetails(requestedAbn: string, json: unknown): AbnLookupRecord {
  const o = asObject(json);
  const abn = digits(requestedAbn);
  const message = text(o.Message);
  const answered = digits(o.Abn);
  const identified = text(o.EntityName) !== null || statusOf(o.AbnStatus) !== null;
  // Some answers to an unknown ABN echo it back with "No record found" and nothing else.
  const found = /^\d{11}$/.test(answered) && answered === abn && (message === null || identified);
  const acn = digits(o.Acn);
  return {
    abn,
    found,
    message,
    status: found ? statusOf(o.AbnStatus) : null,
    statusFrom: found ? isoDay(o.AbnStatusEffectiveFrom) : null,
    name: found ? text(o.EntityName) : null,
    entityTypeCode: found ? text(o.EntityTypeCode) : null,
    entityTypeName: found ? text(o.EntityTypeName) : null,
    acn: found && /^\d{9}$/.test(acn) ? acn : null,
    gstFrom: found ? isoDay(o.Gst) : null,
    businessNames: found ? businessNamesOf(o.BusinessName) : [],
    state: found ? text(o.AddressState) : null,
    postcode: found ? text(o.AddressPostcode) : null,
  };
}

function scoreOf(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number(value) : NaN;
  return Number.isFinite(n) ? n : null;
}

function booleanOf(value: unknown): boolean | null {
  if (typeof value === 'boolean') return value;
  const v = text(value)?.toLowerCase();
  return v === 'true' || v === 'y' ? true : v === 'false' || v === 'n' ? false : null;
}

/** A MatchingNames answer: the hits that carry an 11-digit ABN and a name, in the service's order. */
export function mapMatchingNames(json: unknown): MatchingName[] {
  const names = asObject(json).Names;
  if (!Array.isArray(names)) return [];
  return names
    .map((item) => {
      const n = asObject(item);
      return {
        abn: digits(n.Abn),
        name: text(n.Name) ?? '',
        nameType: text(n.NameType),
        status: statusOf(n.AbnStatus),
        isCurrent: booleanOf(n.IsCurrent),
        score: scoreOf(n.Score),
        state: text(n.State),
        postcode: text(n.Postcode),
      };
    })
    .filter((n) => /^\d{11}$/.test(n.abn) && n.name !== '');
}
