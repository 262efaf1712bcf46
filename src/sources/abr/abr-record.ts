/** One ABN as the ABR's bulk extract describes it, mapped to plain fields (dates as ISO `yyyy-mm-dd`). */
export interface AbrRecord {
  abn: string;
  status: 'ACT' | 'CAN';
  statusFrom: string | null;
  entityTypeCode: string;
  entityTypeText: string;
  /** The main name: a non-individual's `MN` name, or an individual's given and family names. */
  name: string;
  individual: boolean;
  state: string | null;
  postcode: string | null;
  /** ACN or ARBN, when the entity has one. */
  asicNumber: string | null;
  gstStatus: 'ACT' | 'CAN' | 'NON' | null;
  gstFrom: string | null;
  /** Trading (`TRD`), business (`BN`) and other (`OTN`) names, without duplicates. */
  otherNames: { type: string; name: string }[];
  recordLastUpdated: string | null;
}

export interface AbrTransferInfo {
  fileSequenceNumber: number | null;
  recordCount: number | null;
  extractTime: string | null;
}

export type AbrParseEvent = { record: AbrRecord } | { info: AbrTransferInfo } | { problem: { location: string; message: string } };
