/**
 * Our signed statement about a case report: which case, the integrity hash of its canonical JSON, and
 * whether its audit chain verified against the case head and the anchor key. A compact JWS (ES256) made
 * with the service's token-signing key, whose private half is sealed under a key outside the database,
 * so an auditor can check it with the public keys at /.well-known/jwks.json and trust neither our
 * database nor the channel the report came through (docs/case-reports.md).
 */
import { CompactSign } from 'jose';
import { SIGNING_ALG, type SigningKeyStore } from '../identity/signing-keys';

export interface ReportAttestation {
  case_id: string;
  integrity_hash: string;
  audit_chain_valid: boolean;
  /** Unix seconds when the statement was made. */
  iat: number;
}

/** The compact JWS of the attestation, signed with the current signing key (its `kid` in the header). */
export async function attestReport(keys: SigningKeyStore, statement: Omit<ReportAttestation, 'iat'>): Promise<string> {
  const { kid, key } = await keys.signingKey();
  const payload: ReportAttestation = { ...statement, iat: Math.floor(Date.now() / 1000) };
  return new CompactSign(new TextEncoder().encode(JSON.stringify(payload))).setProtectedHeader({ alg: SIGNING_ALG, kid, typ: 'case-report-attestation+jws' }).sign(key);
}
