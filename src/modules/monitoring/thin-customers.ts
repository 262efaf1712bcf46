/**
 * Enrolled customers with a one-word name (`isThinName`: "Haji KIM", "Acme Pty Ltd"), and which of them a
 * release's changed entities can reach. Searched in reverse, a listed name of several words covers
 * little of itself on such a customer, where a scan, asking with the one word, covers all of its query:
 * the reverse search (`change-candidates.ts`) can miss what a scan finds, so these customers are checked
 * the scan's way, against the changed entities alone.
 *
 * Checking every one of them would cost work in proportion to customers. A scan opens a listed name only
 * through a word of the query that opens candidates (for a one-word name: that word, a generic word when
 * there is no name word, or a join with a neighbour), meeting a form the listed name holds exactly, by
 * sound, by a typo or as a name variant. Those relations are symmetric, so the customers' opening words
 * are filed in the matcher's own form vocabulary (`FormVocabulary`) and each changed entity's words and
 * joins are looked up in it: the customers met are the only ones a scan can match, and only they are
 * checked. A scan's type mismatch needs the whole name near-exactly, so it too passes through the
 * customer's own word. Two look-ups of a scan go one way only, from the query's script: an Arabic- or
 * Hebrew-script query meets Latin spellings by consonant skeleton, a Cyrillic or Greek one by its
 * English transcription. Customers written in those scripts (under one in a thousand of the bench's)
 * are checked on every release.
 */
import { tokeniseName, type NameContext, type NameToken } from '../../matching';
import { FormVocabulary } from '../../matching/index/form-vocabulary';
import { isQuietRole } from '../../matching/index/name-table';
import { transcribedScriptOf } from '../../matching/prepare/english-transcription';
import { abjadScriptOf } from '../../matching/prepare/fold-text';
import { namesIn } from '../../matching/prepare/names-in';
import { rememberedPhoneticKeys } from '../../matching/prepare/phonetic-key';
import { variantKeyOf } from '../../matching/prepare/name-variants';
import type { ListedEntity } from '../../sources/listed-entity';
import type { CustomerRow } from './customer-row';

const CONTEXTS: readonly NameContext[] = ['person', 'organisation'];

/**
 * A customer whose name is one name word (titles, particles and legal forms aside: "Haji KIM", "Acme
 * Pty Ltd"): see above.
 */
export function isThinName(name: string, entityType: 'person' | 'organisation'): boolean {
  return namesIn(name).some((one) => tokeniseName(one, entityType).filter((t) => t.role === 'name').length <= 1);
}

/** Whether a scan of this name makes look-ups the reverse direction cannot repeat (see above). */
const readsOneWay = (name: string) => abjadScriptOf(name) !== null || transcribedScriptOf(name) !== null;

/**
 * The words by which a scan of `tokens` opens listed names: its tokens that open candidates (not
 * initials, particles or legal forms; generic words only when there is no name word), and the joins of
 * adjacent tokens of which one does.
 */
function openingWords(tokens: readonly NameToken[]): string[] {
  const named = tokens.some((t) => t.role === 'name');
  const opens = (t: NameToken) => !isQuietRole(t.role) && (t.role !== 'generic' || !named);
  const words: string[] = [];
  tokens.forEach((token, i) => {
    if (opens(token)) words.push(token.text);
    const next = tokens[i + 1];
    if (next && token.role !== 'initial' && next.role !== 'initial' && (opens(token) || opens(next))) words.push(token.text + next.text);
  });
  return words;
}

/** Every word of a name as `tokeniseName` reads it in `context`, and the joins of adjacent ones. */
function allWords(name: string, context: NameContext): string[] {
  const tokens = tokeniseName(name, context);
  return [...tokens.map((t) => t.text), ...tokens.slice(1).map((t, i) => tokens[i]!.text + t.text)];
}

export class ThinCustomers {
  private constructor(
    readonly rows: readonly CustomerRow[],
    private readonly vocabulary: FormVocabulary,
    /** Per form of `vocabulary`, the indexes in `rows` of the customers whose name holds it. */
    private readonly customersOfForm: readonly number[][],
    /** Per name-variant key (`variantKeyOf`, in the customer's context), the customers holding a word with it. */
    private readonly customersOfVariant: ReadonlyMap<string, number[]>,
    /** Customers checked on every release (`readsOneWay`). */
    private readonly always: readonly number[],
  ) {}

  /** The thin-named customers of `rows`, their words filed for `reachedBy`. */
  static of(rows: readonly CustomerRow[]): ThinCustomers {
    const thin = rows.filter((row) => isThinName(row.name, row.entity_type));
    const builder = FormVocabulary.builder();
    const customersOfForm: number[][] = [];
    const customersOfVariant = new Map<string, number[]>();
    const always: number[] = [];
    const file = (customers: number[], customer: number) => {
      if (customers.at(-1) !== customer) customers.push(customer);
      return customers;
    };
    thin.forEach((row, customer) => {
      if (readsOneWay(row.name)) always.push(customer);
      for (const name of namesIn(row.name)) {
        for (const word of openingWords(tokeniseName(name, row.entity_type))) {
          const form = builder.add(word);
          customersOfForm[form] = file(customersOfForm[form] ?? [], customer);
          const key = variantKeyOf(word, row.entity_type);
          if (key !== null) customersOfVariant.set(key, file(customersOfVariant.get(key) ?? [], customer));
        }
      }
    });
    return new ThinCustomers(thin, builder.finish(), customersOfForm, customersOfVariant, always);
  }

  get size(): number {
    return this.rows.length;
  }

  /**
   * The customers a scan over `entities` could match (a superset, to be checked the scan's way): those
   * holding a word that one of the entities' words meets, and those written in a one-way script.
   */
  reachedBy(entities: readonly ListedEntity[]): CustomerRow[] {
    const reached = new Set<number>(this.always);
    const looked = new Set<string>();
    for (const entity of entities) {
      const context: NameContext = entity.kind === 'person' ? 'person' : 'organisation';
      for (const field of [entity.primaryName, ...entity.aliases.map((a) => a.name)]) {
        for (const name of namesIn(field)) {
          for (const word of allWords(name, context)) {
            if (looked.has(word)) continue;
            looked.add(word);
            this.reach(word, reached);
          }
        }
      }
    }
    return [...reached].map((customer) => this.rows[customer]!);
  }

  /** Adds the customers holding a form `word` meets, or a word of the same name-variant key. */
  private reach(word: string, reached: Set<number>): void {
    const hits = this.vocabulary.lookup({ text: word, keys: rememberedPhoneticKeys(word) });
    for (const form of hits.formIds) for (const customer of this.customersOfForm[form] ?? []) reached.add(customer);
    for (const context of CONTEXTS) {
      const key = variantKeyOf(word, context);
      if (key !== null) for (const customer of this.customersOfVariant.get(key) ?? []) reached.add(customer);
    }
  }
}
