/**
 * The mixed workload of `bench:load`: every capability a customer or the public uses, in fixed shares
 * of the total rate, shuffled once with a seed so every run sends the same sequence. Requests that need
 * an earlier result (a case needs a scan, a decision needs a case) take one of the latest; until there
 * is one they screen instead.
 */
import { SeededRandom } from '../seeded-random';
import { madeUpPersonName } from '../unlisted-names';
import type { LoadRequest } from './mixed-pacer';

export interface WorkloadInputs {
  token: string;
  accountId: string;
  /** The local webhook receiver batches report to. */
  webhookUrl: string;
  /** ABNs for Trust Score requests (loaded ones, first misses then cache hits). */
  abns: string[];
  questions: string[];
}

/** Scans with matches and without, persons and organisations, with and without filters. */
const LISTED = [
  { entity_type: 'person', name: 'Vladimir Vladimirovich Putin', dob: '1952-10-07', nationality_code: 'RU' },
  { entity_type: 'person', name: 'Kim Jong Un' },
  { entity_type: 'person', name: 'Raed Muhamad Hasan Hijazi', dob: '1968-12-30' },
  { entity_type: 'organisation', name: 'Islamic Revolutionary Guard Corps' },
  { entity_type: 'organisation', name: 'Sberbank of Russia' },
];

/** Requests per 100, by kind; they add up to 100. */
const SHARES: [kind: string, per100: number][] = [
  ['scan', 28], ['scan.get', 2], ['batch', 1], ['batch.get', 1],
  ['case', 4], ['case.decision', 4], ['case.get', 2], ['case.report', 2],
  ['monitoring.enrol', 4], ['monitoring.list', 2], ['monitoring.alerts', 3],
  ['health', 5], ['eligibility.check', 5], ['eligibility.services', 3], ['openapi', 2], ['jwks', 2],
  ['trust', 14], ['ask', 8], ['feeds.asic', 3], ['credits.balance', 3], ['whoami', 2],
];

/** Newest-last list of at most `size` ids. */
class Recent {
  private readonly items: string[] = [];
  constructor(private readonly size: number) {}
  add(id: string): void {
    this.items.push(id);
    if (this.items.length > this.size) this.items.shift();
  }
  pick(random: SeededRandom): string | undefined {
    return this.items.length ? random.pick(this.items) : undefined;
  }
}

/** The request maker for the pacer, and the batch job ids submitted (to wait for their webhooks). */
export function mixedWorkload(inputs: WorkloadInputs): { next: (index: number) => LoadRequest; batchJobs: string[] } {
  const random = new SeededRandom(20261126);
  const slots = random.shuffled(SHARES.flatMap(([kind, n]) => Array.from({ length: n }, () => kind)));
  const scans = new Recent(500);
  const cases = new Recent(200);
  const batches = new Recent(50);
  const batchJobs: string[] = [];
  const bearer = { Authorization: `Bearer ${inputs.token}` };
  const json = { ...bearer, 'Content-Type': 'application/json' };
  const publicJson = { 'Content-Type': 'application/json' };
  const decisions = ['false_positive', 'true_match', 'pending'] as const;
  let abn = 0;

  const scanBody = () => {
    if (random.chance(0.3)) return random.pick(LISTED);
    if (random.chance(0.2)) return { entity_type: 'organisation', name: `${madeUpPersonName(random).split(' ').at(-1)} Logistics Pty Ltd`, incorporation_country_code: 'AU' };
    return { entity_type: 'person', name: madeUpPersonName(random), dob: `19${50 + random.below(50)}-0${1 + random.below(9)}-1${random.below(9)}`, country_code: 'AU' };
  };
  const scan = (): LoadRequest => {
    const body = scanBody();
    return { route: 'POST /v1/scans/full', method: 'POST', path: '/v1/scans/full', headers: json, body: JSON.stringify(body), read: (answer) => scans.add(`${(answer as { scan_id: string }).scan_id}|${body.name}|${body.entity_type}`) };
  };
  const withScan = (make: (id: string, name: string, type: string) => LoadRequest): LoadRequest => {
    const picked = scans.pick(random);
    if (!picked) return scan();
    const [id, name, type] = picked.split('|') as [string, string, string];
    return make(id, name, type);
  };
  const withCase = (make: (id: string) => LoadRequest): LoadRequest => {
    const id = cases.pick(random);
    return id ? make(id) : scan();
  };

  const makers: Record<string, () => LoadRequest> = {
    scan,
    'scan.get': () => withScan((id) => ({ route: 'GET /v1/scans/{scan_id}', method: 'GET', path: `/v1/scans/${id}`, headers: bearer })),
    batch: () => ({
      route: 'POST /v1/scans/batch', method: 'POST', path: '/v1/scans/batch', headers: json,
      body: JSON.stringify({ entities: Array.from({ length: 5 }, scanBody).map(({ incorporation_country_code: _, ...item }: Record<string, unknown>) => item), webhook_url: inputs.webhookUrl }),
      read: (answer) => {
        const id = (answer as { job_id: string }).job_id;
        batches.add(id);
        batchJobs.push(id);
      },
    }),
    'batch.get': () => {
      const id = batches.pick(random);
      return id ? { route: 'GET /v1/scans/batch/{job_id}', method: 'GET', path: `/v1/scans/batch/${id}`, headers: bearer } : scan();
    },
    case: () => withScan((id) => ({ route: 'POST /v1/cases', method: 'POST', path: '/v1/cases', headers: json, body: JSON.stringify({ scan_id: id, reviewer: 'analyst@bench.example' }), read: (answer) => cases.add((answer as { case_id: string }).case_id) })),
    'case.decision': () => withCase((id) => ({ route: 'PATCH /v1/cases/{case_id}/decision', method: 'PATCH', path: `/v1/cases/${id}/decision`, headers: json, body: JSON.stringify({ decision: random.pick(decisions), reviewer: 'lead@bench.example', notes: 'Reviewed under load.' }) })),
    'case.get': () => withCase((id) => ({ route: 'GET /v1/cases/{case_id}', method: 'GET', path: `/v1/cases/${id}`, headers: bearer })),
    'case.report': () => withCase((id) => ({ route: 'GET /v1/cases/{case_id}/report (PDF)', method: 'GET', path: `/v1/cases/${id}/report`, headers: bearer })),
    'monitoring.enrol': () => withScan((id, name, type) => ({ route: 'POST /v1/monitoring', method: 'POST', path: '/v1/monitoring', headers: json, body: JSON.stringify({ scan_id: id, entity_name: name, entity_type: type }) })),
    'monitoring.list': () => ({ route: 'GET /v1/monitoring', method: 'GET', path: '/v1/monitoring?limit=50', headers: bearer }),
    'monitoring.alerts': () => ({ route: 'GET /v1/monitoring/alerts', method: 'GET', path: '/v1/monitoring/alerts?limit=50', headers: bearer }),
    health: () => ({ route: 'GET /health', method: 'GET', path: '/health', headers: {} }),
    'eligibility.check': () => ({
      route: 'POST /v1/eligibility/check', method: 'POST', path: '/v1/eligibility/check', headers: publicJson,
      body: JSON.stringify({ profession_type: random.pick(['accountant', 'lawyer', 'real_estate_agent']), services_offered: random.chance(0.5) ? ['company_trust_formation'] : ['tax_return_preparation'], annual_revenue_aud: random.below(5_000_000) }),
    }),
    'eligibility.services': () => ({ route: 'GET /v1/eligibility/services', method: 'GET', path: '/v1/eligibility/services', headers: {} }),
    openapi: () => ({ route: 'GET /openapi.json', method: 'GET', path: '/openapi.json', headers: {} }),
    jwks: () => ({ route: 'GET /.well-known/jwks.json', method: 'GET', path: '/.well-known/jwks.json', headers: {} }),
    trust: () => ({ route: 'GET /v1/trust-score/{abn}', method: 'GET', path: `/v1/trust-score/${inputs.abns[abn++ % inputs.abns.length]}`, headers: {} }),
    ask: () => ({ route: 'POST /v1/ask', method: 'POST', path: '/v1/ask', headers: publicJson, body: JSON.stringify({ question: random.pick(inputs.questions) }) }),
    'feeds.asic': () => ({ route: 'POST /v1/feeds/asic/check', method: 'POST', path: '/v1/feeds/asic/check', headers: json, body: JSON.stringify({ abn: random.pick(inputs.abns) }) }),
    'credits.balance': () => ({ route: 'GET /v1/credits/balance', method: 'GET', path: `/v1/credits/balance?account_id=${inputs.accountId}`, headers: bearer }),
    whoami: () => ({ route: 'GET /v1/whoami', method: 'GET', path: '/v1/whoami', headers: bearer }),
  };
  return { next: (index) => makers[slots[index % slots.length]!]!(), batchJobs };
}
