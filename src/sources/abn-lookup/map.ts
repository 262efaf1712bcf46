/**
 * ABN Lookup answers mapped to what the Trust Score needs. Every key of the service's answer is
 * optional (older answers lack `AbnStatusEffectiveFrom` and `Acn`; `Gst` may be null or empty), and a
 * "not found" or refused request still parses, with empty identifiers and the reason in `Message`: so
 * an answer counts as found only when its `Abn` is the 11-digit ABN that was asked for (AcnDetails
 * answers have been seen holding the 9-digit ACN there).
 */

export interface AbnLookupRecord {
  abn: string;
  found: boolean;
  message: string | null;
  status: 'active' | 'cancelled' | null;
  statusFrom: string | null;
  name: string | null;
  entityTypeCode: string | null;
  entityTypeName: string | null;
  acn: string | null;
  /** The date the entity registered for GST (yyyy-mm-dd); null when not registered or not said. */
  gstFrom: string | null;
  businessNames: string[];
  state: string | null;
  postcode: string | null;
}

export interface MatchingName {
  abn: string;
  name: string;
  nameType: string | null;
  status: 'active' | 'cancelled' | null;
  isCurrent: boolean | null;
  score: number | null;
  state: string | null;
  postcode: string | null;
}

type Json = Record<string, unknown>;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const isoDay = (value: unknown): string | null => text(value)?.match(/^\d{4}-\d{2}-\d{2}/)?.[0] ?? null;

/** 'Active' / 'Cancelled' (AbnDetails) or '0000000001' / '0000000002' (MatchingNames). */
function statusOf(value: unknown): AbnLookupRecord['status'] {
  const v = text(value)?.toLowerCase();
  if (v === 'active' || v === '0000000001') return 'active';
  if (v === 'cancelled' || v === '0000000002') return 'cancelled';
  return null;
}

/** An AbnDetails answer for `requestedAbn`. */
export function mapAbnDetails(requestedAbn: string, json: unknown): AbnLookupRecord {
  const o = (json && typeof json === 'object' ? json : {}) as Json;
  const abn = (text(o.Abn) ?? '').replace(/\s+/g, '');
  const found = abn.length === 11 && abn === requestedAbn;
  const names = Array.isArray(o.BusinessName) ? o.BusinessName.map(text).filter((n): n is string => n !== null) : [];
  const acn = (text(o.Acn) ?? '').replace(/\s+/g, '');
  return {
    abn: requestedAbn,
    found,
    message: text(o.Message),
    status: found ? statusOf(o.AbnStatus) : null,
    statusFrom: found ? isoDay(o.AbnStatusEffectiveFrom) : null,
    name: found ? text(o.EntityName) : null,
    entityTypeCode: found ? text(o.EntityTypeCode) : null,
    entityTypeName: found ? text(o.EntityTypeName) : null,
    acn: found && /^\d{9}$/.test(acn) ? acn : null,
    gstFrom: found ? isoDay(o.Gst) : null,
    businessNames: found ? [...new Set(names)] : [],
    state: found ? text(o.AddressState) : null,
    postcode: found ? text(o.AddressPostcode) : null,
  };
}

/** A MatchingNames answer: the hits, each with an 11-digit ABN. */
export function mapMatchingNames(json: unknown): MatchingName[] {
  const o = (json && typeof json === 'object' ? json : {}) as Json;
  const names = Array.isArray(o.Names) ? (o.Names as Json[]) : [];
  return names
    .map((n) => ({
      abn: (text(n.Abn) ?? '').replace(/\s+/g, ''),
      name: text(n.Name) ?? '',
      nameType: text(n.NameType),
      status: statusOf(n.AbnStatus),
      isCurrent: typeof n.IsCurrent === 'boolean' ? n.IsCurrent : null,
      score: typeof n.Score === 'number' ? n.Score : null,
      state: text(n.State),
      postcode: text(n.Postcode),
    }))
    .filter((n) => /^\d{11}$/.test(n.abn) && n.name);
}
