import { hitSlot } from './form-hits';
import { pairingBound } from './pairing-bound';
import {
  GROUPS_OF_KINDS,
  hasInitialGroup,
  isQuietRole,
  KIND_CODES,
  POSTING_GROUPS,
  ROLE_CODES,
  type NameTable,
} from './name-table';
import { groupEnd } from './posting-groups';
import type { PreparedQuery, QueryUnit } from './prepared-query';
import { WorseShares } from '../score/middle-names';
import { admittingUnits, everyTokenUnits, openingUnits } from './unit-admission';
import { PairPostings } from './pair-postings';
import { unitsToPair, walkPairs } from './pair-opening';
import { listedShareCut, unitReach, type ShareCut } from './listed-share-cut';
import { FormUnitMarks } from './form-unit-marks';
import { CUT_OPENED, OPENED, WITH_INITIAL, PostingsBound } from './postings-bound';
import { sortSmall } from './small-sort';

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
 * holding both are opened from the pair postings (`pair-postings.ts`) and every unit only updates them.
 *
 * The scratch arrays are sized to the index and reused by every search (searches are synchronous).
 */
export class CandidateSearch {
  private readonly queryMetMask: Uint32Array;
  private readonly listedMet: Float32Array;
  private readonly touched: Int32Array;
  private readonly informationFloor: number;
  private sharesFor: PreparedQuery | null = null;
  private peopleShares = WorseShares.anyName;
  private readonly pairs: PairPostings;
  private readonly pairFromCost: number;
  private readonly cutFromCost: number;
  private readonly helperCostShare: number;
  private readonly formMarks: FormUnitMarks;
  /** The current query's form marks (`FormUnitMarks`), or undefined for a query of too many units. */
  private marks: Uint32Array | undefined;
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
    const names = table.nameEntity.length;
    this.queryMetMask = new Uint32Array(names);
    this.listedMet = new Float32Array(names);
    this.touched = new Int32Array(names);
    this.informationFloor = table.rarity.informationFloor;
    this.postingsBound = new PostingsBound(table, this.queryMetMask, this.listedMet);
  }

  /**
   * Names of an allowed kind whose score bound reaches `threshold`; with `everyToken`, only those that
   * can pair every query token but the particles (what a type mismatch's near-exact name needs).
   */
  candidates(query: PreparedQuery, allowedKinds: number, threshold: number, everyToken = false): number[] {
    const { queryMetMask, listedMet, touched } = this;
    const { postingStart, postingName, postingWeight, postingGroupStart: groupStart } = this.table;
    const groups = GROUPS_OF_KINDS[allowedKinds]!;
    this.marks = this.formMarks.mark(query);
    this.postingsBound.prepare(query, everyToken, threshold);
    const units = openingUnits(query);
    const costs = units.map((unit) => this.postingsOf(unit, allowedKinds));
    const quietWords = this.quietWordsOf(query, allowedKinds);
    const shares = this.worseShares(query, allowedKinds);
    const admits = (everyToken ? everyTokenUnits(query, units, costs) : null) ?? admittingUnits(query, units, costs, threshold, shares);
    let touchedCount = 0;
    const rareCost = (unit: QueryUnit) => this.postingsOf(unit, allowedKinds, undefined, true);
    const paired = unitsToPair(this.pairs, { query, units, costs, rareCost, admits, threshold, shares }, this.pairFromCost);
    if (paired !== null) {
      const kinds = this.table.entityKind;
      const owner = this.table.nameEntity;
      const bits = paired.map((k) => FormUnitMarks.bitOf(query, units[k]!));
      const pairedBits = bits.reduce((all, bit) => all | bit, 0);
      const othersOf = bits.map((bit) => pairedBits & ~bit);
      walkPairs(this.table, this.pairs, paired.map((k) => units[k]!), groups, (name, heldFormOf) => {
        if (queryMetMask[name] !== 0 || ((1 << kinds[owner[name]!]!) & allowedKinds) === 0) return;
        // A name holding a rare form of one paired unit passes only if it meets another (or an
        // unpaired unit, whose walk opens it anyway).
        if (heldFormOf >= 0 && !this.meetsAny(name, othersOf[heldFormOf]!)) return;
        queryMetMask[name] = OPENED;
        touched[touchedCount++] = name;
      });
      // The paired units only update the names opened; the others open names as usual.
      units.forEach((_, k) => (admits[k] = !paired.includes(k)));
    }
    // The costliest unit to open names may open only those it is enough of (see `planCut`).
    let cutUnit = -1;
    let cut: ShareCut | null = null;
    for (const [k, cost] of costs.entries()) if (admits[k] && cost >= this.cutFromCost && (cutUnit < 0 || cost > costs[cutUnit]!)) cutUnit = k;
    if (cutUnit >= 0) ({ cut, touchedCount } = this.planCut(query, units, costs, admits, quietWords, cutUnit, threshold, allowedKinds, touchedCount));
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
      if (probing) for (let i = 0; i < touchedCount; i++) this.probe(unit, bit, touched[i]!);
      // Postings are grouped by kind: only the allowed kinds' groups are walked (every name touched is
      // of an allowed kind, so the others could neither open nor update one). Every unit opens the
      // names with an initial (their bound counts every query part no posting met as half met).
      for (const formId of unit.hits.formIds) {
        for (const group of groups) {
          const withInitial = hasInitialGroup(group);
          if (unitCut !== null && !withInitial) {
            touchedCount = this.walkAboveCut(unit, formId, group, unitCut, probing, touchedCount);
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
                this.probe(unit, bit, name);
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

    // A quiet word meeting a listed name word adds that word's weight to the listed side: its postings
    // of such forms are walked when short; otherwise the most it could add bounds each name first, and
    // it is looked for only in the names that then still pass.
    const quietUnits: QueryUnit[] = [];
    let quietReach = 0;
    for (const { unit, reach, namedPostings } of quietWords) {
      if (namedPostings <= PROBE_COST_RATIO * touchedCount) {
        this.walkQuietReach(unit, allowedKinds);
        continue;
      }
      quietUnits.push(unit);
      quietReach += reach;
    }
    const quietBits = quietUnits.map((unit) => FormUnitMarks.bitOf(query, unit));
    // The names that pass move to the front of `touched` (never past the one being read), and the
    // quiet words are probed in a plain loop: an array grown for the thousands a common name passes,
    // and a closure per name, were a third of what a search allocated (docs/decisions/0017-matching-at-a-million-names.md, "Garbage and misses, not arithmetic").
    let passing = 0;
    for (let i = 0; i < touchedCount; i++) {
      const name = touched[i]!;
      let passes = this.postingsBound.reaches(query, name, shares, quietReach);
      if (passes && quietReach > 0) {
        for (let u = 0; u < quietUnits.length; u++) this.probe(quietUnits[u]!, quietBits[u]!, name);
        passes = this.postingsBound.reaches(query, name, shares, 0);
      }
      if (passes) touched[passing++] = name;
      queryMetMask[name] = 0;
      listedMet[name] = 0;
    }
    return this.pairable(query, passing, threshold, shares.whole);
  }

  /**
   * Readies the share cut (`listed-share-cut.ts`) for the costliest unit to open names: a name it alone
   * opens may still gain listed weight from a unit that only updates names, or from a quiet word that
   * meets a name word. Where those units' postings are short next to the cut walk's, their names are
   * opened first (the units are let open names; the quiet words' names are opened, their weight added
   * later as for any name), so they gain nothing a posting of the cut walk does not show; the others
   * count as the most they could add to any name.
   */
  private planCut(
    query: PreparedQuery,
    units: readonly QueryUnit[],
    costs: readonly number[],
    admits: boolean[],
    quietWords: readonly QuietWord[],
    cutUnit: number,
    threshold: number,
    allowedKinds: number,
    touchedCount: number,
  ): { cut: ShareCut | null; touchedCount: number } {
    const { formMaxWeight, formNamed } = this.table;
    const affordable = costs[cutUnit]! / this.helperCostShare;
    let helpWeight = 0;
    units.forEach((unit, k) => {
      if (admits[k]) return;
      if (costs[k]! <= affordable && k !== cutUnit) admits[k] = true;
      else helpWeight += unitReach(unit, formMaxWeight, allowedKinds);
    });
    for (const { unit, reach, namedPostings } of quietWords) {
      if (namedPostings > affordable) {
        helpWeight += reach;
        continue;
      }
      for (const formId of unit.hits.formIds) {
        if ((formNamed[formId]! & allowedKinds) === 0) continue;
        touchedCount = this.openAll(formId, allowedKinds, touchedCount);
      }
    }
    return { cut: listedShareCut(query, units, admits, cutUnit, threshold, helpWeight), touchedCount };
  }

  /**
   * The query's quiet words (units that open no names) that can meet a listed name word of an allowed
   * kind: the most each could add to a name's listed side, and its postings of such forms.
   */
  private quietWordsOf(query: PreparedQuery, allowedKinds: number): QuietWord[] {
    const { formMaxWeight, formNamed } = this.table;
    const words: QuietWord[] = [];
    for (const unit of query.units) {
      const reach = unit.opensCandidates ? 0 : unitReach(unit, formMaxWeight, allowedKinds, formNamed);
      if (reach > 0) words.push({ unit, reach, namedPostings: this.postingsOf(unit, allowedKinds, formNamed) });
    }
    return words;
  }

  /** Opens every name of the allowed kinds holding the form, marked as no unit's yet. */
  private openAll(formId: number, allowedKinds: number, touchedCount: number): number {
    const { queryMetMask, touched } = this;
    const { postingStart, postingName, postingGroupStart } = this.table;
    for (const group of GROUPS_OF_KINDS[allowedKinds]!) {
      const to = groupEnd(postingGroupStart, postingStart, POSTING_GROUPS, formId, group);
      for (let at = postingGroupStart[formId * POSTING_GROUPS + group]!; at < to; at++) {
        const name = postingName[at]!;
        if (queryMetMask[name] !== 0) continue;
        queryMetMask[name] = OPENED;
        touched[touchedCount++] = name;
      }
    }
    return touchedCount;
  }

  /**
   * Walks one posting group of the unit's form, opening the names whose shares reach the cut and
   * updating the names found before (unless `probed`: then they were probed for the unit already). A
   * name opened here keeps its best posting's weight, since the one query token (or join) pairs with one
   * listed token (or join) at most.
   */
  private walkAboveCut(unit: QueryUnit, formId: number, group: number, cut: ShareCut, probed: boolean, touchedCount: number): number {
    const { queryMetMask, listedMet, touched } = this;
    const { postingStart, postingName, postingWeight, postingGroupStart, postingShare, postingMaxShare, postingInverseTotal } = this.table;
    const { least, helpWeight, helpShare } = cut;
    const to = groupEnd(postingGroupStart, postingStart, POSTING_GROUPS, formId, group);
    for (let at = postingGroupStart[formId * POSTING_GROUPS + group]!; at < to; at++) {
      let share = postingShare[at]!;
      if (helpWeight > 0) share += helpWeight * postingInverseTotal[at]!;
      if (helpShare > 0) share += helpShare * postingMaxShare[at]!;
      const above = share >= least;
      if (!above && probed) continue;
      const name = postingName[at]!;
      const met = queryMetMask[name]!;
      if (met === 0) {
        if (!above) continue;
        queryMetMask[name] = unit.mask | CUT_OPENED;
        listedMet[name] = postingWeight[at]!;
        touched[touchedCount++] = name;
      } else if ((met & CUT_OPENED) !== 0) {
        listedMet[name] = Math.max(listedMet[name]!, postingWeight[at]!);
      } else if (!probed) {
        queryMetMask[name]! |= unit.mask;
        listedMet[name]! += postingWeight[at]!;
      }
    }
    return touchedCount;
  }

  /**
   * Names among the first `passing` of `touched` whose pairing bound (`pairing-bound.ts`: each listed
   * token credited once, at its best pairing's similarity) still reaches the threshold. It reads each
   * name's tokens, so only the names the postings bound let through pay for it; it saves aligning them
   * when two query tokens met one.
   */
  private pairable(query: PreparedQuery, passing: number, threshold: number, worseShare: number): number[] {
    const kept: number[] = [];
    for (let i = 0; i < passing; i++) {
      const name = this.touched[i]!;
      if (pairingBound(this.table, query, name, this.informationFloor, worseShare, this.marks) >= threshold) kept.push(name);
    }
    return kept;
  }

  /**
   * How many postings of the allowed kinds the unit's forms (those `onlyForms` flags for an allowed
   * kind, if given; those no pair posting holds, if `onlyRare`) have: what walking it costs. A unit that may not open names only updates the ones
   * found: when its postings are long ("Mohammed" and its spellings) and those names few, looking for
   * its forms in each name is cheaper than the walk.
   */
  private postingsOf(unit: QueryUnit, allowedKinds: number, onlyForms?: Uint8Array, onlyRare = false): number {
    const { postingStart, postingGroupStart } = this.table;
    let postings = 0;
    for (const formId of unit.hits.formIds) {
      if (onlyForms !== undefined && (onlyForms[formId]! & allowedKinds) === 0) continue;
      if (onlyRare && this.pairs.isCommon(formId)) continue;
      for (const group of GROUPS_OF_KINDS[allowedKinds]!) {
        postings += groupEnd(postingGroupStart, postingStart, POSTING_GROUPS, formId, group) - postingGroupStart[formId * POSTING_GROUPS + group]!;
      }
    }
    return postings;
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

  /** Adds the unit's postings of forms some listed name of an allowed kind holds as a name word to the names found. */
  private walkQuietReach(unit: QueryUnit, allowedKinds: number): void {
    const { queryMetMask, listedMet } = this;
    const { postingStart, postingName, postingWeight, postingGroupStart: groupStart, formNamed } = this.table;
    for (const formId of unit.hits.formIds) {
      if ((formNamed[formId]! & allowedKinds) === 0) continue;
      for (const group of GROUPS_OF_KINDS[allowedKinds]!) {
        const to = groupEnd(groupStart, postingStart, POSTING_GROUPS, formId, group);
        for (let at = groupStart[formId * POSTING_GROUPS + group]!; at < to; at++) {
          const name = postingName[at]!;
          if (queryMetMask[name] !== 0) listedMet[name]! += postingWeight[at]!;
        }
      }
    }
  }

  /** True when a posted token or join of the name meets a unit of `bits` (always, without form marks). */
  private meetsAny(name: number, bits: number): boolean {
    const { marks, table } = this;
    if (marks === undefined) return true;
    const end = table.tokenStart[name + 1]!;
    for (let p = table.tokenStart[name]!; p < end; p++) {
      if ((marks[table.tokenForm[p]!]! & bits) !== 0 && !isQuietRole(ROLE_CODES[table.tokenRole[p]!]!)) return true;
      const join = table.joinForm[p]!;
      if (join >= 0 && (marks[join]! & bits) !== 0) return true;
    }
    return false;
  }

  /** What walking the unit's postings would record for this one name (`bit`: the unit's form mark). */
  private probe(unit: QueryUnit, bit: number, name: number): void {
    const table = this.table;
    const marks = this.marks;
    const end = table.tokenStart[name + 1]!;
    let met = 0;
    for (let p = table.tokenStart[name]!; p < end; p++) {
      const form = table.tokenForm[p]!;
      if ((marks === undefined || (marks[form]! & bit) !== 0) && !isQuietRole(ROLE_CODES[table.tokenRole[p]!]!) && hitSlot(unit.hits, form) >= 0) {
        met += table.tokenWeight[p]!;
      }
      const join = table.joinForm[p]!;
      if (join >= 0 && (marks === undefined || (marks[join]! & bit) !== 0) && hitSlot(unit.hits, join) >= 0) met += table.tokenWeight[p]! + table.tokenWeight[p + 1]!;
    }
    if (met > 0) {
      this.queryMetMask[name]! |= unit.mask;
      this.listedMet[name]! += met;
    }
  }
}



const CUT_FROM_COST = 1000;
const HELPER_COST_SHARE = 4;

/** A quiet word that can meet a listed name word (`quietWordsOf`). */
interface QuietWord {
  unit: QueryUnit;
  reach: number;
  namedPostings: number;
}

/** Tuning of the pair postings; the defaults suit indexes of any size (tests lower them to reach them). */
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


/** Probing a name costs about this many posting steps (a few tokens, a map look-up each). */
const PROBE_COST_RATIO = 8;
