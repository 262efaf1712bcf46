import type { NameTable } from './name-table';
import { SkeletonLookup } from './skeleton-lookup';
import { VariantLookup } from './variant-lookup';

/** The look-ups a query needs beyond the vocabulary: consonant skeletons and name variants of listed tokens. */
export interface QueryLookups {
  skeletons: SkeletonLookup;
  variants: VariantLookup;
}

/** Builds both over the table's listed tokens (joins left out), as `prepareQuery` expects them. */
export function queryLookupsOf(table: NameTable): QueryLookups {
  const isToken = new Uint8Array(table.vocabulary.size);
  for (const form of table.tokenForm) isToken[form] = 1;
  return {
    skeletons: SkeletonLookup.build(table.vocabulary.texts, (form) => isToken[form] === 1),
    variants: VariantLookup.build(table.vocabulary.texts, (form) => isToken[form] === 1),
  };
}
