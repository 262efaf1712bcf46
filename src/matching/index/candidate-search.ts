import { WorseShares } from '../score/middle-names';
import { CandidateTally } from './candidate-tally';
import { FormUnitMarks } from './form-unit-marks';
import type { ShareCut } from './listed-share-cut';
import { GROUPS_OF_KINDS, hasInitialGroup, KIND_CODES, POSTING_GROUPS, type NameTable } from './name-table';
import { openPairedNames, unitsToPair } from './pair-opening';
import { PairPostings } from './pair-postings';
import { pairingBound } from './pairing-bound';
import { groupEnd } from './posting-groups';
import { PostingsBound, WITH_INITIAL } from './postings-bound';
import type { PreparedQuery, QueryUnit } from './prepared-query';
import { quietWordsOf, reachQuietWords } from './quiet-words';
import { planShareCut, walkAboveCut } from './share-cut-walk';
import { sortSmall } from './small-sort';
import { admittingUnits, everyTokenUnits, openingUnits } from './unit-admission';
import { PROBE_COST_RATIO, walkCost } from './walk-cost';

const PEOPLE_ONLY = 1 << KIND_CODES.indexOf('person');

/**
 * Finds the listed names worth aligning with a query. Walking the postings of every form the query
 * met, it records which query tokens each name met and how much listed weight they covered; from that
 * it bounds the name's best possible score and drops every name that cannot reach the threshold.
 *
 * Units that together could not lift a name they alone touch to the threshold only update names the
 * others found (the MaxScore idea, `unit-admission.ts`): "Mohammed Rasouli" opens the names with
 * Rasouli, not the ten thousand with Mohammed. A second, per-name bound then drops names whose bound
 * counted one listed token for two query tokens.
 *
 * When every passing name must meet two common units ("Mohammed Hasan" against people), the names
 * holding both are opened from the pair postings (`pair-opening.ts`) and every unit only updates them.
 * The costliest unit left to open names opens only those it is a large enough share of
 * (`share-cut-walk.ts`), and the query's quiet words add what they meet (`quiet-words.ts`).
 *
 * This file plans a search and runs the units' walks in order; what the walks record per name is kept
 * in a `CandidateTally` sized to the index and reused by every search (searches are synchronous).
 */
export class CandidateSearch {
  private readonly tally: CandidateTally;
  private readonly informationFloor: number;
  private sharesFor: PreparedQuery | null = null;
  private peopleShares = WorseShares.anyName;
  private readonly pairs: PairPostings;
  private readonly pairFromCost: number;
  private readonly cutFromCost: number;
  private readonly helperCostShare: number;
  private readonly formMarks: FormUnitMarks;
  private readonly postingsBound: PostingsBound;

  constructor(
    private readonly table: NameTable,
    options: CandidateSearchOptions = {},
  ) {
    this.pairs = PairPostings.build(table, options.commonFrom ?? COMMON_FROM);
    this.pairFromCost = options.pairFromCost ?? PAIR_FROM_COST;
    this.cutFromCost = options.cutFromCost ?? CUT_FROM_COST;
    this.helperCostShare = options.helperCostShare ?? HELPER_COST_SHARE;
    this.formMarks = new FormUnitMarks(table.vocabulary.size);
    this.tally = new CandidateTally(table);
    this.informationFloor = table.rarity.informationFloor;
    this.postingsBound = new PostingsBound(table, this.tally.queryMetMask, this.tally.listedMet);
  }

  /**
   * Names of an allowed kind whose score bound reaches `threshold`; with `everyToken`, only those that
   * can pair every query token but the particles (what a type mismatch's near-exact name needs).
   */
  candidates(query: PreparedQuery, allowedKinds: number, threshold: number, everyToken = false): number[] {
    const tally = this.tally;
    const { queryMetMask, listedMet, touched } = tally;
    const { postingStart, postingName, postingWeight, postingGroupStart: groupStart } = this.table;
    const groups = GROUPS_OF_KINDS[allowedKinds]!;
    tally.marks = this.formMarks.mark(query);
    this.postingsBound.prepare(query, everyToken, threshold);
    const units = openingUnits(query);
    const costs = units.map((unit) => walkCost(this.table, unit, allowedKinds));
    const quietWords = quietWordsOf(this.table, query, allowedKinds);
    const shares = this.worseShares(query, allowedKinds);
    const admits = (everyToken ? everyTokenUnits(query, units, costs) : null) ?? admittingUnits(query, units, costs, threshold, shares);
    let touchedCount = 0;
    const rareCost = (unit: QueryUnit) => walkCost(this.table, unit, allowedKinds, undefined, this.pairs);
    const paired = unitsToPair(this.pairs, { query, units, costs, rareCost, admits, threshold, shares }, this.pairFromCost);
    if (paired !== null) {
      const pairedUnits = paired.map((k) => units[k]!);
      touchedCount = openPairedNames(tally, this.pairs, query, pairedUnits, groups, allowedKinds, touchedCount);
      // The paired units only update the names opened; the others open names as usual.
      units.forEach((_, k) => (admits[k] = !paired.includes(k)));
    }
    // The costliest unit to open names may open only those it is enough of (`share-cut-walk.ts`).
    let cutUnit = -1;
    let cut: ShareCut | null = null;
    for (const [k, cost] of costs.entries()) if (admits[k] && cost >= this.cutFromCost && (cutUnit < 0 || cost > costs[cutUnit]!)) cutUnit = k;
    if (cutUnit >= 0) {
      const plan = { query, units, costs, admits, quietWords, cutUnit, threshold, allowedKinds, helperCostShare: this.helperCostShare };
      ({ cut, touchedCount } = planShareCut(tally, plan, touchedCount));
    }
    // Units that may open names first (they find every name that can pass), the cut one last of them,
    // then the others, cheapest first, only updating the names found.
    const order = sortSmall(
      [...units.keys()],
      (a, b) => Number(admits[b]) - Number(admits[a]) || Number(a === cutUnit) - Number(b === cutUnit) || costs[a]! - costs[b]!,
    );
    for (const k of order) {
      const unit = units[k]!;
      const unitCut = k === cutUnit ? cut : null;
      // A cut walk reads only the shares of names below the cut when the names found before are
      // few enough to probe; otherwise it still looks each name up, to update those found before.
      const probing = unitCut !== null ? PROBE_COST_RATIO * touchedCount <= costs[k]! / 2 : !admits[k] && costs[k]! > PROBE_COST_RATIO * touchedCount;
      const bit = FormUnitMarks.bitOf(query, unit);
      if (probing) for (let i = 0; i < touchedCount; i++) tally.probe(unit, bit, touched[i]!);
      // Postings are grouped by kind: only the allowed kinds' groups are walked (every name touched is
      // of an allowed kind, so the others could neither open nor update one). Every unit opens the
      // names with an initial (their bound counts every query part no posting met as half met).
      for (const formId of unit.hits.formIds) {
        for (const group of groups) {
          const withInitial = hasInitialGroup(group);
          if (unitCut !== null && !withInitial) {
            touchedCount = walkAboveCut(tally, unit, formId, group, unitCut, probing, touchedCount);
            continue;
          }
          if (probing && !withInitial) continue;
          const opens = admits[k] || withInitial;
          const to = groupEnd(groupStart, postingStart, POSTING_GROUPS, formId, group);
          for (let at = groupStart[formId * POSTING_GROUPS + group]!; at < to; at++) {
            const name = postingName[at]!;
            if (queryMetMask[name] === 0) {
              if (!opens) continue;
              touched[touchedCount++] = name;
              if (probing) {
                // The probe above did not see this name: it records the whole unit for it at once.
                queryMetMask[name] = WITH_INITIAL;
                tally.probe(unit, bit, name);
                continue;
              }
            } else if (probing) {
              continue; // probed already
            }
            queryMetMask[name]! |= unit.mask | (withInitial ? WITH_INITIAL : 0);
            listedMet[name]! += postingWeight[at]!;
          }
        }
      }
    }

    // A quiet word meeting a listed name word adds that word's weight to the listed side (`quiet-words.ts`).
    const { units: quietUnits, bits: quietBits, reach: quietReach } = reachQuietWords(tally, query, quietWords, allowedKinds, touchedCount);
    // The names that pass move to the front of `touched` (never past the one being read), and the
    // quiet words are probed in a plain loop: an array grown for the thousands a common name passes,
    // and a closure per name, were a third of what a search allocated (docs/decisions/0017-matching-at-a-million-names.md, "Garbage and misses, not arithmetic").
    let passing = 0;
    for (let i = 0; i < touchedCount; i++) {
      const name = touched[i]!;
      let passes = this.postingsBound.reaches(query, name, shares, quietReach);
      if (passes && quietReach > 0) {
        for (let u = 0; u < quietUnits.length; u++) tally.probe(quietUnits[u]!, quietBits[u]!, name);
        passes = this.postingsBound.reaches(query, name, shares, 0);
      }
      if (passes) touched[passing++] = name;
      queryMetMask[name] = 0;
      listedMet[name] = 0;
    }
    return this.pairable(query, passing, threshold, shares.whole);
  }

  /**
   * Names among the first `passing` of `touched` whose pairing bound (`pairing-bound.ts`: each listed
   * token credited once, at its best pairing's similarity) still reaches the threshold. It reads each
   * name's tokens, so only the names the postings bound let through pay for it; it saves aligning them
   * when two query tokens met one.
   */
  private pairable(query: PreparedQuery, passing: number, threshold: number, worseShare: number): number[] {
    const kept: number[] = [];
    const { touched, marks } = this.tally;
    for (let i = 0; i < passing; i++) {
      const name = touched[i]!;
      if (pairingBound(this.table, query, name, this.informationFloor, worseShare, marks) >= threshold) kept.push(name);
    }
    return kept;
  }

  /** `WorseShares.forPeople` when only people's names are searched (kept for the query), else the default. */
  private worseShares(query: PreparedQuery, allowedKinds: number): WorseShares {
    if (allowedKinds !== PEOPLE_ONLY) return WorseShares.anyName;
    if (this.sharesFor !== query) {
      this.sharesFor = query;
      this.peopleShares = WorseShares.forPeople(query);
    }
    return this.peopleShares;
  }
}

/** Tuning of the pair postings and the share cut; the defaults suit indexes of any size (tests lower them to reach them). */
export interface CandidateSearchOptions {
  /** Forms with at least this many postings pair up (`PairPostings`). */
  commonFrom?: number;
  /** The pair postings are used only when walking the cheaper of the two units would cost this many postings. */
  pairFromCost?: number;
  /** The share cut is tried for units whose walk would read at least this many postings. */
  cutFromCost?: number;
  /** Before a cut walk, the names of units and quiet words costing at most its cost over this are opened. */
  helperCostShare?: number;
}

const COMMON_FROM = 300;
const PAIR_FROM_COST = 3000;
const CUT_FROM_COST = 1000;
const HELPER_COST_SHARE = 4;
