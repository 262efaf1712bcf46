import { isWrittenWithoutVowels } from '../prepare/fold-text';
import { rememberedPhoneticKeys } from '../prepare/phonetic-key';
import { tokeniseName, type NameContext, type NameToken } from '../prepare/tokenise-name';
import * as weights from '../score-weights';
import { hitsAtLeast, type FormHits } from './form-hits';
import { isQuietRole, type NameTable } from './name-table';

const { JOINED_MIN_SIMILARITY } = weights;

/**
 * One look-up unit of a query: a single token, or two adjacent tokens joined ("abdul rahman" →
 * "abdulrahman") to meet a listed name that writes them as one word.
 */
export interface QueryUnit {
  first: number;
  span: 1 | 2;
  text: string;
  /** Bits of the query tokens this unit covers. */
  mask: number;
  /** True when the unit opens candidates (single quiet tokens only refine scores). */
  opensCandidates: boolean;
  hits: FormHits;
}

/** A query name tokenised, weighed and looked up once, then scored against every candidate. */
export interface PreparedQuery {
  tokens: NameToken[];
  weights: number[];
  totalWeight: number;
  units: QueryUnit[];
  /** Bits of tokens whose own unit never opens candidates (initials, particles, legal forms, see below). */
  quietMask: number;
  /**
   * True when the query has a distinctive token, so its generic business words ("Trading") stay quiet
   * too: they would otherwise open every trading company on the lists only to see them pruned.
   */
  genericQuiet: boolean;
  initialCount: number;
}

export function prepareQuery(table: NameTable, name: string, context: NameContext): PreparedQuery {
  const { vocabulary, rarity } = table;
  const tokens = tokeniseName(name, context);
  const exactOnly = isWrittenWithoutVowels(name);
  const keys = tokens.map((t) => rememberedPhoneticKeys(t.text));
  const weights = tokens.map((t, i) => rarity.weightOf(t.role, vocabulary.idOf(t.text), keys[i]!));
  const genericQuiet = tokens.some((t) => t.role === 'name');
  const opens = (token: NameToken) => !isQuietRole(token.role) && (token.role !== 'generic' || !genericQuiet);
  const units: QueryUnit[] = [];
  let quietMask = 0;
  let initialCount = 0;
  tokens.forEach((token, i) => {
    if (!opens(token)) quietMask |= 1 << i;
    if (token.role === 'initial') {
      initialCount++;
      return;
    }
    const hits = vocabulary.lookup({ text: token.text, keys: keys[i]! }, { exactOnly });
    units.push(unit(i, 1, token.text, opens(token), hits));
  });
  tokens.forEach((token, i) => {
    const next = tokens[i + 1];
    if (next === undefined || token.role === 'initial' || next.role === 'initial') return;
    const text = token.text + next.text;
    // Joined tokens meet listed tokens exactly or by sound: typos on top of a join are not looked for.
    const looked = vocabulary.lookup({ text, keys: rememberedPhoneticKeys(text) }, { exactOnly, typos: false });
    const hits = hitsAtLeast(looked, JOINED_MIN_SIMILARITY);
    if (hits.formIds.length > 0) units.push(unit(i, 2, text, opens(token) || opens(next), hits));
  });
  const totalWeight = weights.reduce((sum, w) => sum + w, 0);
  return { tokens, weights, totalWeight, units, quietMask, genericQuiet, initialCount };
}

function unit(first: number, span: 1 | 2, text: string, opensCandidates: boolean, hits: FormHits): QueryUnit {
  const mask = span === 1 ? 1 << first : (1 << first) | (1 << (first + 1));
  return { first, span, text, mask, opensCandidates, hits };
}
