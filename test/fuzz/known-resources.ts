/**
 * Real things for the fuzzer to aim at: a scan and a case of the fuzzing account, made through the API
 * before fuzzing starts. With their ids in path parameters and bodies, hostile values get past "not
 * found" into the handlers that store (case decisions, enrolments, cases), where bad input does harm.
 */

/** Ids by the field and parameter names the document uses for them. */
export type KnownIds = Record<string, string>;

async function post(baseUrl: string, token: string, path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (res.status >= 300) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Makes a scan and a case for `accountId` and returns the ids to aim at. */
export async function createKnownResources(baseUrl: string, token: string, accountId: string): Promise<KnownIds> {
  const scan = await post(baseUrl, token, '/v1/scans/full', { entity_type: 'person', name: 'Jane Fuzz Citizen' });
  const scanId = String(scan.scan_id);
  const opened = await post(baseUrl, token, '/v1/cases', { scan_id: scanId, reviewer: 'fuzz-analyst@example.com.au' });
  return { account_id: accountId, scan_id: scanId, case_id: String(opened.case_id) };
}
