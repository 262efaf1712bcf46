/** The compliance Q&A: extractive unless a language model is configured. */
import { z } from 'zod';
import { optionalString } from '../../schemas/environment-values';
import type { SettingProblem } from '../../schemas/environment-values';

/** The variables this slice reads (documented with their defaults in .env.example). */
export const askEnvironment = z.object({
  ASK_LLM_PROVIDER: z.enum(['none', 'openai', 'anthropic']).default('none'),
  ASK_LLM_BASE_URL: optionalString.pipe(z.url().optional()),
  ASK_LLM_API_KEY: optionalString,
  ASK_LLM_MODEL: optionalString,
  ASK_LLM_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  ASK_RETRIEVAL_FLOOR: z.coerce.number().min(0).max(1).default(0.5),
  ASK_DOMAIN_TERM_FLOOR: z.coerce.number().min(0).max(1).default(0.15),
});

/** `retrievalFloor` is the share of the question a passage must cover before we answer from it at all. */
export function askSettings(e: z.output<typeof askEnvironment>) {
  return {
    llm:
      e.ASK_LLM_PROVIDER === 'none'
        ? null
        : { provider: e.ASK_LLM_PROVIDER, baseUrl: e.ASK_LLM_BASE_URL!, apiKey: e.ASK_LLM_API_KEY!, model: e.ASK_LLM_MODEL!, timeoutMs: e.ASK_LLM_TIMEOUT_MS },
    retrievalFloor: e.ASK_RETRIEVAL_FLOOR,
    /** The floor for a question that names a term of our domain (an agency, an acronym, a regulated sector). */
    domainTermFloor: e.ASK_DOMAIN_TERM_FLOOR,
  };
}

/** A language model is reached with a base URL, a key and a model name: all three or none. */
export function llmProviderNeedsItsConnection(e: z.output<typeof askEnvironment>): SettingProblem[] {
  if (e.ASK_LLM_PROVIDER === 'none') return [];
  return (['ASK_LLM_BASE_URL', 'ASK_LLM_API_KEY', 'ASK_LLM_MODEL'] as const)
    .filter((variable) => !e[variable])
    .map((variable) => ({ variable, message: `required when ASK_LLM_PROVIDER is ${e.ASK_LLM_PROVIDER}` }));
}
