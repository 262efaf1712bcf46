/**
 * Custom search attributes that let an operator find a workflow in the Web UI by account, job or
 * entity type. Registered on the namespace at start (dev server: on its command line).
 */
import { defineSearchAttributeKey, SearchAttributeType } from '@temporalio/common';

export const AccountIdAttribute = defineSearchAttributeKey('AccountId', SearchAttributeType.KEYWORD);
export const JobIdAttribute = defineSearchAttributeKey('JobId', SearchAttributeType.KEYWORD);
export const EntityTypeAttribute = defineSearchAttributeKey('EntityType', SearchAttributeType.KEYWORD);
export const ListSourceAttribute = defineSearchAttributeKey('ListSource', SearchAttributeType.KEYWORD);
export const CheckoutSessionAttribute = defineSearchAttributeKey('CheckoutSessionId', SearchAttributeType.KEYWORD);
export const CreditPackAttribute = defineSearchAttributeKey('CreditPack', SearchAttributeType.KEYWORD);
export const AcpServiceAttribute = defineSearchAttributeKey('AcpService', SearchAttributeType.KEYWORD);
export const WalletAttribute = defineSearchAttributeKey('Wallet', SearchAttributeType.KEYWORD);
export const AcpStatusAttribute = defineSearchAttributeKey('AcpStatus', SearchAttributeType.KEYWORD);

export const BondStatusAttribute = defineSearchAttributeKey('BondStatus', SearchAttributeType.KEYWORD);

export const SEARCH_ATTRIBUTES = [AccountIdAttribute, JobIdAttribute, EntityTypeAttribute, ListSourceAttribute, CheckoutSessionAttribute, CreditPackAttribute, AcpServiceAttribute, WalletAttribute, AcpStatusAttribute, BondStatusAttribute];

/** `--search-attribute Name=Type` arguments for `temporal server start-dev`. */
export function devServerSearchAttributeArgs(): string[] {
  return SEARCH_ATTRIBUTES.flatMap((key) => ['--search-attribute', `${key.name}=Keyword`]);
}
