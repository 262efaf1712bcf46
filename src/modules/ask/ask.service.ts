/**
 * `POST /v1/ask`: a cited answer about Australian compliance, or a plain statement that we cannot give
 * one. Retrieval first; when no passage reaches the retrieval floor (each covers too little of the
 * question; a lower floor when the question names a term of our domain), or for a question about a
 * foreign regime only (scope.ts), the answer says so and cites nothing, rather than answering from
 * nowhere. Otherwise: the extractive answer (verbatim sentences of cited passages), or, with a language
 * model configured, a generated answer, given the caller's text only as fenced data, whose every
 * sentence was checked against the passages it cites (else the extractive answer after all).
 * docs/ask.md describes the whole.
 */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config';
import type { Logger } from '../../logger';
import { answeringPassages, composeExtractive, type Citation } from './extractive-answer';
import { checkGeneratedAnswer, SYSTEM_PROMPT, userPrompt } from './generated-answer';
import { complete } from './llm-client';
import { retrieve, type Freshness } from './retrieval';
import { isForeignOnly, namesDomainTerm } from './scope';

export const DISCLAIMER =
  'General information only, drawn from the official sources cited; it is not legal, tax or financial advice. Check the cited pages for your circumstances, or ask the regulator or a qualified adviser.';

export const SCOPE_SENTENCE =
  'This service answers questions about AUSTRAC, ASIC, the ABR, DFAT sanctions, the ATO, Fair Work, the PPSR and state trades licensing (NSW, Victoria and Queensland).';

export interface AskRequest {
  question: string;
  context: string | null;
  freshness: Freshness;
}

export interface AskResponse {
  question: string;
  answer: string;
  disclaimer: string;
  queried_at: string;
  citations: Citation[];
  token_usage: Record<string, number>;
}

/** Token counts of an answer no model wrote (documented: zeros, plus how many passages were read). */
const extractiveUsage = (passages: number): Record<string, number> => ({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, passages_retrieved: passages });

export class AskService {
  constructor(
    private readonly config: AppConfig['ask'],
    private readonly logger: Logger,
  ) {}

  async ask(em: EntityManager, request: AskRequest, now = new Date()): Promise<AskResponse> {
    const base = { question: request.question, disclaimer: DISCLAIMER, queried_at: now.toISOString() };
    const retrieval = await retrieve(em, request);
    const floor = namesDomainTerm(request.question) ? this.config.domainTermFloor : this.config.retrievalFloor;
    // Any passage over the floor will do: a boost (context, a figure) may rank a weaker passage first, never refuse.
    if (!retrieval.passages.some((p) => p.coverage >= floor) || isForeignOnly(request.question)) {
      return {
        ...base,
        answer: `I can't answer that from the official sources this service draws on, so I won't guess. ${SCOPE_SENTENCE}`,
        citations: [],
        token_usage: extractiveUsage(retrieval.passages.length),
      };
    }
    const chosen = answeringPassages(retrieval.passages.filter((p) => p.coverage >= floor));
    if (this.config.llm) {
      let usage: Record<string, number> = {};
      try {
        const completion = await complete(this.config.llm, SYSTEM_PROMPT, userPrompt(request.question, request.context, chosen));
        usage = completion.usage;
        const checked = checkGeneratedAnswer(completion.text, chosen);
        if (checked.ok) return { ...base, answer: checked.answer, citations: checked.citations, token_usage: usage };
        this.logger.warn({ reason: checked.reason }, 'generated answer refused by the citation check; answering extractively');
      } catch (err) {
        this.logger.warn({ err }, 'language model unavailable; answering extractively');
      }
      const draft = await composeExtractive(em, retrieval, chosen);
      return { ...base, answer: draft.answer, citations: draft.citations, token_usage: { ...extractiveUsage(retrieval.passages.length), ...usage, generated_answer_refused: 1 } };
    }
    const draft = await composeExtractive(em, retrieval, chosen);
    return { ...base, answer: draft.answer, citations: draft.citations, token_usage: extractiveUsage(retrieval.passages.length) };
  }
}
