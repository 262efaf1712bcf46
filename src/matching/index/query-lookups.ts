import { ARABIC_ARTICLES } from '../prepare/word-classes';
import type { NameTable } from './name-table';
import { SkeletonLookup } from './skeleton-lookup';
import { VariantLookup } from './variant-lookup';

/** The look-ups a query needs beyond the vocabulary: consonant skeletons and name variants of listed tokens. */
export interface QueryLookups {
  skeletons: SkeletonLookup;
  variants: VariantLookup;
}

/**
 * Builds both over the table's listed tokens, as `prepareQuery` expects them. Joins are left out, but
 * for the skeletons those of an Arabic article and the word after it ("al" + "raymi"): Arabic writes
 * the article joined to its noun ("الريمي"), so that token is the two listed tokens together, and
 * pairing it with the join covers the listed article too instead of leaving it unmatched.
 */
export function queryLookupsOf(table: NameTable): QueryLookups {
  const { texts } = table.vocabulary;
  const isToken = new Uint8Array(table.vocabulary.size);
  for (const form of table.tokenForm) isToken[form] = 1;
  // The article's forms looked up once: the loop below runs for every listed token of the index.
  const isArticle = new Uint8Array(table.vocabulary.size);
  for (const article of ARABIC_ARTICLES) {
    const form = table.vocabulary.idOf(article);
    if (form !== undefined) isArticle[form] = 1;
  }
  const isArticleJoin = new Uint8Array(table.vocabulary.size);
  for (let p = 0; p < table.joinForm.length; p++) {
    const join = table.joinForm[p]!;
    if (join >= 0 && isArticle[table.tokenForm[p]!] === 1) isArticleJoin[join] = 1;
  }
  return {
    skeletons: SkeletonLookup.build(texts, (form) => isToken[form] === 1 || isArticleJoin[form] === 1),
    variants: VariantLookup.build(texts, (form) => isToken[form] === 1),
  };
}
