import type { EvalQuery } from './eval-query';

/** An item while the set is being built: no id or split yet, but the key that decides its split. */
export type EvalItem = Omit<EvalQuery, 'id' | 'split'> & {
  /** Items sharing it (one person's or organisation's names) fall in the same half. */
  splitKey: string;
  /** Kind of the record the query came from (vessels are queried as organisations). */
  kind?: string;
};
