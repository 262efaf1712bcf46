/**
 * The agent-job service table (spec: Agent job, service ids and prices): what a buyer agent can order,
 * at what USDC price range, how fresh the data is and whether it needs our own credentials upstream.
 * The manifest (`GET /.well-known/agent.json`) and the job endpoint both read this one table, so what
 * we advertise is exactly what we accept.
 */

export const ACP_SERVICE_IDS = ['austender_feed', 'pep_scan', 'org_scan', 'austrac_eligibility', 'asic_breach', 'austrac_enforcement'] as const;
export type AcpServiceId = (typeof ACP_SERVICE_IDS)[number];

export interface AcpService {
  id: AcpServiceId;
  name: string;
  description: string;
  /** The API operation the job runs, as the manifest names it. */
  endpoint: string;
  job_type?: string;
  /** Inclusive USDC range a job's `usdc_amount` must fall in. */
  price_usdc_range: [number, number];
  data_freshness: string;
  auth_required: boolean;
  deadline?: string;
}

export const ACP_SERVICES: readonly AcpService[] = [
  {
    id: 'austender_feed',
    name: 'AusTender contracts feed',
    description: 'Australian Government contract notices from AusTender, filterable by agency, date range and contract value.',
    endpoint: '/acp/jobs',
    job_type: 'austender_query',
    price_usdc_range: [25, 40],
    data_freshness: 'daily',
    auth_required: false,
  },
  {
    id: 'pep_scan',
    name: 'Person sanctions and PEP scan',
    description: 'Screens a person against the sanctions and PEP lists with AML risk assessment, stored as a permanent scan.',
    endpoint: '/v1/scans/full',
    price_usdc_range: [3, 15],
    data_freshness: 'real-time query',
    auth_required: true,
  },
  {
    id: 'org_scan',
    name: 'Organisation sanctions scan',
    description: 'Screens an organisation against the sanctions lists with AML risk assessment, stored as a permanent scan.',
    endpoint: '/v1/scans/full',
    price_usdc_range: [3, 15],
    data_freshness: 'real-time query',
    auth_required: true,
  },
  {
    id: 'austrac_eligibility',
    name: 'AUSTRAC Tranche 2 eligibility',
    description: 'Whether a business must enrol with AUSTRAC under Tranche 2, from the deterministic rule engine.',
    endpoint: '/v1/eligibility/check',
    price_usdc_range: [40, 75],
    data_freshness: 'rule engine',
    auth_required: false,
    deadline: '2026-07-01',
  },
  {
    id: 'asic_breach',
    name: 'ASIC register check',
    description: 'A company and its officers against ASIC registers: status, banned and disqualified persons, published notices.',
    endpoint: '/v1/feeds/asic/check',
    price_usdc_range: [25, 50],
    data_freshness: 'weekly',
    auth_required: true,
  },
  {
    id: 'austrac_enforcement',
    name: 'AUSTRAC enforcement check',
    description: "A business against AUSTRAC's enforcement actions and its register of reporting entities.",
    endpoint: '/v1/feeds/austrac-enforcement/check',
    price_usdc_range: [20, 40],
    data_freshness: 'weekly',
    auth_required: true,
  },
];

export function acpService(id: string): AcpService | undefined {
  return ACP_SERVICES.find((s) => s.id === id);
}
