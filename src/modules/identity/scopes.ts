/** Every OAuth scope a client registration can hold, with what it grants (spec: Authentication 5, plus our additions). */
export const SCOPES = {
  'scans:read': 'Read scans and batch jobs',
  'scans:write': 'Run scans and submit batch jobs',
  'cases:read': 'Read compliance cases',
  'cases:write': 'Create cases and log decisions',
  'reports:read': 'Download case reports',
  'monitoring:read': 'List monitoring enrolments and alerts',
  'monitoring:write': 'Enrol and unenrol entities in ongoing monitoring',
  'feeds:read': 'Check the ASIC and AUSTRAC register feeds',
  'credits:read': 'Read credit balance and ledger',
  'credits:write': 'Start credit pack checkouts',
} as const;

export type Scope = keyof typeof SCOPES;

export const ALL_SCOPES = Object.keys(SCOPES) as Scope[];

export function isScope(value: string): value is Scope {
  return Object.hasOwn(SCOPES, value);
}
