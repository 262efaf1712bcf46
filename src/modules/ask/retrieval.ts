/**
 * Finding the passages a question is about, in PostgreSQL. The question (expanded with acronyms and
 * their spelled-out forms) becomes its English lexemes, OR-joined: `websearch_to_tsquery` would AND
 * every word and find nothing for a natural question. Passages are ranked by `ts_rank_cd` over the
 * weighted vector (title and keywords count most), and each candidate also gets its coverage: the share
 * of the question's information (question-lexemes.ts) that the passage contains. Coverage is what
 * decides whether we know the answer at all. When no lexeme matches (misspellings), trigram similarity
 * against titles and keywords is the fallback.
 *
 * Three things add to a passage's score and never remove a passage: the agencies the caller's `context`
 * names (a boost, so "a real-estate agent in Victoria" still gets AUSTRAC's answer to an AUSTRAC
 * question), the agency the question names outright, and, for a question that asks for a deadline,
 * date, amount or count, stating a figure of that kind in a sentence on the question's topic (see
 * figures.ts).
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import { sql } from '../../db/sql';
import type { Domain, KnowledgePassage } from './knowledge-files';
import { figureKindsAsked, figureKindsInBackground, type FigureKind } from './figures';
import { expandQuestion, withoutContractions } from './query-terms';
import { covers, questionLexemes, statesFigureOnTopic, type QuestionLexeme } from './question-lexemes';

export type Freshness = 'day' | 'week' | 'month' | 'year';

export interface RetrievalRequest {
  question: string;
  context: string | null;
  freshness: Freshness;
}

/** A stored passage as retrieval found it, with how well it matches. */
export interface RetrievedPassage extends Pick<KnowledgePassage, 'id' | 'domain' | 'title' | 'url' | 'sourceTitle' | 'checkedOn' | 'body'> {
  rank: number;
  /** Share (0–1) of the question's rarity-weighted lexemes the passage contains. */
  coverage: number;
  score: number;
  via: 'full_text' | 'trigram';
}

export interface Retrieval {
  passages: RetrievedPassage[];
  /** The question's lexemes, weighted. */
  lexemes: QuestionLexeme[];
  /** Domains the context named, whose passages were boosted (never the only ones searched). */
  boostedDomains: Domain[] | null;
  /** The kinds of figure the question asks for (a deadline, a date, an amount), if any. */
  figureKinds: FigureKind[];
  /** The kinds of figure only its background speaks of ("We were paid $12k in cash. By when..."). */
  backgroundKinds: FigureKind[];
}

const DOMAIN_NAMES: [RegExp, Domain[]][] = [
  [/\baustrac\b|\baml\b|\bctf\b|money laundering|tranche 2|real[- ]estate|conveyanc|jewell|bullion|remit|accountan|law (firm|practice)|lawyer|solicitor|reporting entity/i, ['austrac']],
  [/\basic\b|\bdirectors?\b|\bafsl?\b|credit licen[cs]e/i, ['asic']],
  [/\babr\b|\babn\b|business register/i, ['abr']],
  [/\bdfat\b|sanction/i, ['dfat']],
  [/\bato\b|\bgst\b|\bbas\b|\btax\b/i, ['ato']],
  [/fair work|\bemployees?\b|pay ?slips?|\bwages?\b/i, ['fair_work']],
  [/\bppsr\b|security interest/i, ['ppsr']],
  [/new south wales|\bnsw\b/i, ['trades_nsw']],
  [/victoria|\bvic\b/i, ['trades_vic']],
  [/queensland|\bqld\b|\bqbcc\b/i, ['trades_qld']],
];

/** The domains a caller's context names ("we are a NSW builder" → trades_nsw), or null for none. */
export function domainsNamedIn(context: string | null): Domain[] | null {
  if (!context) return null;
  const named = new Set(DOMAIN_NAMES.filter(([pattern]) => pattern.test(context)).flatMap(([, domains]) => domains));
  return named.size ? [...named] : null;
}

/**
 * What a context-named agency adds to a passage's score: enough to settle a near tie, never a refusal,
 * and no more, since who asks ("an accountant") does not say which agency the question is about ("Do
 * they need a local director?" is ASIC's, whoever asks it).
 */
export const CONTEXT_DOMAIN_BOOST = 0.15;
/** What a context-named state adds to its licensing passages: the state says whose rules apply. */
export const CONTEXT_STATE_BOOST = 0.3;
/** The agencies a question names outright: whose rules it asks about ("the ASIC annual review fee"). */
const AGENCY_NAMES: [RegExp, Domain][] = [
  [/\baustrac\b/i, 'austrac'],
  [/\basic\b/i, 'asic'],
  [/\babr\b|australian business register/i, 'abr'],
  [/\bato\b|tax office/i, 'ato'],
  [/\bdfat\b|australian sanctions office/i, 'dfat'],
  [/fair work|\bfwo\b/i, 'fair_work'],
  [/\bppsr\b/i, 'ppsr'],
  [/fair trading/i, 'trades_nsw'],
  [/\bvba\b|victorian building authority|consumer affairs victoria/i, 'trades_vic'],
  [/\bqbcc\b/i, 'trades_qld'],
];

/** The agencies a question names by name (not by a sector or a word of their field), or none. */
export function agenciesNamedIn(question: string): Domain[] {
  return AGENCY_NAMES.filter(([pattern]) => pattern.test(question)).map(([, domain]) => domain);
}

/** State licensing regimes: a context that names one state makes the others' rules the less likely answer. */
const STATE_DOMAINS: Domain[] = ['trades_nsw', 'trades_vic', 'trades_qld'];

/**
 * What the context adds to a passage of `domain`: the boost when it names the domain; when it names a
 * state, as much taken from another state's licensing passages (demoted, still there to be found).
 */
export function contextBoost(domain: Domain, named: Domain[] | null): number {
  if (!named) return 0;
  const state = STATE_DOMAINS.includes(domain);
  if (named.includes(domain)) return state ? CONTEXT_STATE_BOOST : CONTEXT_DOMAIN_BOOST;
  return state && named.some((d) => STATE_DOMAINS.includes(d)) ? -CONTEXT_STATE_BOOST : 0;
}

/** What stating the kind of figure a question asks for adds to a passage's score. */
export const FIGURE_BOOST = 0.2;

/** How old a passage's check may be, measured back from the knowledge base's latest review. */
const FRESHNESS_DAYS: Record<Freshness, number> = { day: 1, week: 7, month: 31, year: 366 };

/** How many passages full-text ranking hands on to be scored: enough that the passage stating a
 *  deadline, which often shares fewer of the question's words ("tell AUSTRAC about a suspicious
 *  customer") than passages that merely mention them, reaches scoring, where the figure is seen. */
const CANDIDATES = 30;

/** The best passages for the request, best first, with their rank, coverage and score. */
export async function retrieve(em: EntityManager, request: RetrievalRequest): Promise<Retrieval> {
  const question = withoutContractions(request.question);
  const expanded = expandQuestion(question);
  const boostedDomains = domainsNamedIn(request.context);
  // An agency the question names is as good a hint as one its context names: "the ASIC annual review fee" is not Fair Work's annual wage review.
  const namedAgencies = agenciesNamedIn(request.question);
  // Named outright, the agency beats the one the asker's trade suggests: a law firm asking what DFAT requires asks about DFAT.
  const contextDomains = namedAgencies.length ? (boostedDomains?.filter((d) => STATE_DOMAINS.includes(d)) ?? null) : boostedDomains;
  const figureKinds = figureKindsAsked(request.question);
  const contextText = request.context ? expandQuestion(request.context) : '';
  const rows = await sql<(Omit<RetrievedPassage, 'coverage' | 'score' | 'via' | 'domain' | 'checkedOn'> & { domain: Domain; checked_on: Date | string; lexemes: string[]; context_rank: number; via: 'full_text' | 'trigram' })[]>(
    em,
    `with q as (
       select coalesce(array_agg(distinct lexeme), '{}') as lexemes from unnest(to_tsvector('english', ?)) as t(lexeme)
     ), tq as (
       select case when cardinality(lexemes) = 0 then null else array_to_string(array(select quote_literal(l) from unnest(lexemes) l), ' | ')::tsquery end as query from q
     ), ctx as (
       select case when ? = '' then null else array_to_string(array(select distinct quote_literal(lexeme) from unnest(to_tsvector('english', ?))), ' | ')::tsquery end as query
     ), pool as (
       select * from knowledge_passages
        where checked_on >= (select max(checked_on) from knowledge_passages) - ?::int
     ), ranked as (
       select p.*, ts_rank_cd(p.search, tq.query, 32) as rank, 'full_text' as via from pool p, tq where tq.query is not null and p.search @@ tq.query
       order by rank desc limit ?
     ), fallback as (
       select p.*, greatest(word_similarity(p.title, ?), word_similarity(p.keywords_text, ?)) * 0.1 as rank, 'trigram' as via from pool p
        where not exists (select 1 from ranked) and (p.title <% ? or p.keywords_text <% ?)
       order by rank desc limit ${CANDIDATES}
     )
     select c.id, c.domain, c.title, c.url, c.source_title as "sourceTitle", c.checked_on, c.body, c.rank, c.via,
            tsvector_to_array(c.search) as lexemes,
            coalesce(ts_rank_cd(c.search, (select query from ctx), 32), 0) as context_rank
       from (select * from ranked union all select * from fallback) c`,
    [
      expanded,
      contextText,
      contextText,
      FRESHNESS_DAYS[request.freshness],
      CANDIDATES,
      question,
      question,
      question,
      question,
    ],
  );
  const lexemes = await questionLexemes(em, question, figureKinds);
  const total = lexemes.reduce((sum, l) => sum + l.weight, 0);
  const figureOnTopic = await statesFigureOnTopic(em, rows, lexemes, figureKinds);
  const passages = rows
    .map((row): RetrievedPassage => {
      const present = new Set(row.lexemes);
      // A concept is covered by its own lexeme, or (an acronym) by every lexeme of one of its expansions;
      // a word that asks for a figure, by a sentence on the question's topic that states one of the kind asked.
      const covered = lexemes.reduce((sum, l) => sum + (covers(l, present, figureOnTopic.has(row.id)) ? l.weight : 0), 0);
      const coverage = row.via === 'trigram' ? Math.min(1, row.rank * 10) : total > 0 ? covered / total : 0;
      const boost =
        contextBoost(row.domain, contextDomains) + (namedAgencies.includes(row.domain) ? CONTEXT_DOMAIN_BOOST : 0) + (figureOnTopic.has(row.id) ? FIGURE_BOOST : 0);
      const score = coverage + 0.5 * Number(row.rank) + 0.2 * Number(row.context_rank) + boost;
      const { lexemes: _l, context_rank: _c, checked_on, ...rest } = row;
      return { ...rest, rank: Number(row.rank), checkedOn: new Date(checked_on).toISOString().slice(0, 10), coverage, score };
    })
    .sort((a, b) => b.score - a.score);
  return { passages, lexemes, boostedDomains, figureKinds, backgroundKinds: figureKindsInBackground(request.question, figureKinds) };
}
