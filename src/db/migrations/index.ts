/**
 * The ordered list of migrations. Listing them explicitly (rather than globbing a folder) makes the
 * same list work under tsx, vitest and a compiled build, and makes the order reviewable.
 */
import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261120000000Platform } from './Migration20261120000000-platform';
import { Migration20261120010000Identity } from './Migration20261120010000-identity';
import { Migration20261120020000IdentityNotify } from './Migration20261120020000-identity-notify';
import { Migration20261120030000Watchlists } from './Migration20261120030000-watchlists';
import { Migration20261120040000Scans } from './Migration20261120040000-scans';
import { Migration20261120050000Cases } from './Migration20261120050000-cases';
import { Migration20261120060000BatchesWebhooks } from './Migration20261120060000-batches-webhooks';
import { Migration20261120070000Monitoring } from './Migration20261120070000-monitoring';
import { Migration20261121000000ScanBodyInline } from './Migration20261121000000-scan-body-inline';
import { Migration20261125000000StrandedWork } from './Migration20261125000000-stranded-work';
import { Migration20261125010000FetchedListFiles } from './Migration20261125010000-fetched-list-files';
import { Migration20261125020000VersionSweeps } from './Migration20261125020000-version-sweeps';
import { Migration20261125030000AppRole } from './Migration20261125030000-app-role';
import { Migration20261125040000AuditAnchors } from './Migration20261125040000-audit-anchors';
import { Migration20261125050000Registers } from './Migration20261125050000-registers';
import { Migration20261125060000RegisterSources } from './Migration20261125060000-register-sources';
import { Migration20261125070000CreditLedger } from './Migration20261125070000-credit-ledger';
import { Migration20261125080000RecoveryRotation } from './Migration20261125080000-recovery-rotation';
import { Migration20261125090000CreditConsumption } from './Migration20261125090000-credit-consumption';
import { Migration20261125100000LowCreditReference } from './Migration20261125100000-low-credit-reference';
import { Migration20261125110000Checkout } from './Migration20261125110000-checkout';
import { Migration20261125120000KnowledgeBase } from './Migration20261125120000-knowledge-base';
import { Migration20261125150000AgentCommerceTrust } from './Migration20261125150000-agent-commerce-trust';
import { Migration20261125140000Newsletter } from './Migration20261125140000-newsletter';
import { Migration20261125130000AcpJobs } from './Migration20261125130000-acp-jobs';
import { Migration20261126010000MatchRulings } from './Migration20261126010000-match-rulings';
import { Migration20261126070000MatchRulingsNotify } from './Migration20261126070000-match-rulings-notify';
import { Migration20261126080000ScanBodyLz4 } from './Migration20261126080000-scan-body-lz4';
import { Migration20261126090000ScansUnreadIndex } from './Migration20261126090000-scans-unread-index';
import { Migration20261128046000AcpCanonicalPayments } from './Migration20261128046000-acp-canonical-payments';
import { Migration20261128047000EvidenceAppendOnly } from './Migration20261128047000-evidence-append-only-i47';
import { Migration20261128460000I46AccountableCredits } from './Migration20261128460000-i46-accountable-credits';
import { Migration20261128480000I48RegisterEntriesAcrossVersions } from './Migration20261128480000-i48-register-entries-across-versions';
import { Migration20261128490000ListPublishedAt } from './Migration20261128490000-list-published-at';
import { Migration20261129051000X402PaymentIdentifiers } from './Migration20261129051000-x402-payment-identifiers';

export const migrationsList: MigrationObject[] = [
  { name: 'Migration20261120000000-platform', class: Migration20261120000000Platform },
  { name: 'Migration20261120010000-identity', class: Migration20261120010000Identity },
  { name: 'Migration20261120020000-identity-notify', class: Migration20261120020000IdentityNotify },
  { name: 'Migration20261120030000-watchlists', class: Migration20261120030000Watchlists },
  { name: 'Migration20261120040000-scans', class: Migration20261120040000Scans },
  { name: 'Migration20261120050000-cases', class: Migration20261120050000Cases },
  { name: 'Migration20261120060000-batches-webhooks', class: Migration20261120060000BatchesWebhooks },
  { name: 'Migration20261120070000-monitoring', class: Migration20261120070000Monitoring },
  { name: 'Migration20261121000000-scan-body-inline', class: Migration20261121000000ScanBodyInline },
  { name: 'Migration20261125000000-stranded-work', class: Migration20261125000000StrandedWork },
  { name: 'Migration20261125010000-fetched-list-files', class: Migration20261125010000FetchedListFiles },
  { name: 'Migration20261125020000-version-sweeps', class: Migration20261125020000VersionSweeps },
  { name: 'Migration20261125030000-app-role', class: Migration20261125030000AppRole },
  { name: 'Migration20261125040000-audit-anchors', class: Migration20261125040000AuditAnchors },
  { name: 'Migration20261125050000-registers', class: Migration20261125050000Registers },
  { name: 'Migration20261125060000-register-sources', class: Migration20261125060000RegisterSources },
  { name: 'Migration20261125070000-credit-ledger', class: Migration20261125070000CreditLedger },
  { name: 'Migration20261125080000-recovery-rotation', class: Migration20261125080000RecoveryRotation },
  { name: 'Migration20261125090000-credit-consumption', class: Migration20261125090000CreditConsumption },
  { name: 'Migration20261125100000-low-credit-reference', class: Migration20261125100000LowCreditReference },
  { name: 'Migration20261125110000-checkout', class: Migration20261125110000Checkout },
  { name: 'Migration20261125120000-knowledge-base', class: Migration20261125120000KnowledgeBase },
  { name: 'Migration20261125130000-acp-jobs', class: Migration20261125130000AcpJobs },
  { name: 'Migration20261125140000-newsletter', class: Migration20261125140000Newsletter },
  { name: 'Migration20261125150000-agent-commerce-trust', class: Migration20261125150000AgentCommerceTrust },
  { name: 'Migration20261126010000-match-rulings', class: Migration20261126010000MatchRulings },
  { name: 'Migration20261126070000-match-rulings-notify', class: Migration20261126070000MatchRulingsNotify },
  { name: 'Migration20261126080000-scan-body-lz4', class: Migration20261126080000ScanBodyLz4 },
  { name: 'Migration20261126090000-scans-unread-index', class: Migration20261126090000ScansUnreadIndex },
  { name: 'Migration20261128046000-acp-canonical-payments', class: Migration20261128046000AcpCanonicalPayments },
  { name: 'Migration20261128047000-evidence-append-only-i47', class: Migration20261128047000EvidenceAppendOnly },
  { name: 'Migration20261128460000-i46-accountable-credits', class: Migration20261128460000I46AccountableCredits },
  { name: 'Migration20261128480000-i48-register-entries-across-versions', class: Migration20261128480000I48RegisterEntriesAcrossVersions },
  { name: 'Migration20261128490000-list-published-at', class: Migration20261128490000ListPublishedAt },
  { name: 'Migration20261129051000-x402-payment-identifiers', class: Migration20261129051000X402PaymentIdentifiers },
];
