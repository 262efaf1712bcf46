/**
 * Mapping one `<ABR>` element of the bulk extract to an {@link AbrRecord}, with the quirks the real
 * files show: `&amp;` in names (already decoded by the XML parser), empty `<State/>` and `<Postcode/>`,
 * the postcode `0000`, the placeholder date `19000101`, duplicate other names, and the split between
 * `<MainEntity>` (non-individuals) and `<LegalEntity>` (individuals).
 */
import { checkAbn } from '../common/business-numbers';
import { childElement, childElements, childText, type XmlElement } from '../common/xml-records';
import type { AbrRecord } from './abr-record';

/** `yyyymmdd` to `yyyy-mm-dd`; the ABR's placeholder `19000101` and anything unreadable to null. */
export function abrDate(value: string | undefined): string | null {
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec((value ?? '').trim());
  if (!m || m[1] === '1900') return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

const text = (value: string) => value.replace(/\s+/g, ' ').trim();
const orNull = (value: string) => (value === '' || value === '0000' ? null : value);

function individualName(legal: XmlElement): string {
  const name = childElement(legal, 'IndividualName');
  if (!name) return '';
  return text([...childElements(name, 'GivenName').map((g) => g.text), childText(name, 'FamilyName')].join(' '));
}

/** The record, or the reason it cannot be used. */
export function mapAbrRecord(element: XmlElement): { record: AbrRecord } | { problem: string } {
  const abnElement = childElement(element, 'ABN');
  const abn = text(abnElement?.text ?? '');
  const check = checkAbn(abn);
  if (!check.valid) return { problem: `ABN ${JSON.stringify(abn)}: ${check.problem}` };
  const status = abnElement?.attributes.status;
  if (status !== 'ACT' && status !== 'CAN') return { problem: `ABN ${abn}: status ${JSON.stringify(status ?? '')} is neither ACT nor CAN` };

  const main = childElement(element, 'MainEntity');
  const legal = childElement(element, 'LegalEntity');
  const holder = main ?? legal;
  const name = main ? text(childText(childElement(main, 'NonIndividualName') ?? main, 'NonIndividualNameText')) : legal ? individualName(legal) : '';
  if (!name) return { problem: `ABN ${abn}: no main or legal entity name` };
  const address = holder && childElement(childElement(holder, 'BusinessAddress') ?? holder, 'AddressDetails');

  const entityType = childElement(element, 'EntityType');
  const asic = childElement(element, 'ASICNumber');
  const gst = childElement(element, 'GST');
  const gstStatus = gst?.attributes.status;
  const seen = new Set<string>();
  const otherNames = childElements(element, 'OtherEntity').flatMap((other) =>
    childElements(other, 'NonIndividualName').flatMap((n) => {
      const value = text(childText(n, 'NonIndividualNameText'));
      const key = `${n.attributes.type}\u0000${value.toUpperCase()}`;
      if (!value || seen.has(key)) return [];
      seen.add(key);
      return [{ type: n.attributes.type ?? 'OTN', name: value }];
    }),
  );

  return {
    record: {
      abn,
      status,
      statusFrom: abrDate(abnElement?.attributes.ABNStatusFromDate),
      entityTypeCode: text(childText(entityType ?? element, 'EntityTypeInd')),
      entityTypeText: text(childText(entityType ?? element, 'EntityTypeText')),
      name,
      individual: !main && !!legal,
      state: address ? orNull(text(childText(address, 'State'))) : null,
      postcode: address ? orNull(text(childText(address, 'Postcode'))) : null,
      asicNumber: asic ? orNull(text(asic.text)) : null,
      gstStatus: gstStatus === 'ACT' || gstStatus === 'CAN' || gstStatus === 'NON' ? gstStatus : null,
      gstFrom: abrDate(gst?.attributes.GSTStatusFromDate),
      otherNames,
      recordLastUpdated: abrDate(element.attributes.recordLastUpdatedDate),
    },
  };
}
