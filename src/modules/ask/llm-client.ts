/**
 * A language model behind its provider's own HTTP API: OpenAI-compatible chat completions, or
 * Anthropic's messages. Plain HTTP with the providers' documented request and response shapes (two
 * endpoints do not justify two SDKs); the token counts come back exactly as the provider reports them.
 */
export interface LlmSettings {
  provider: 'openai' | 'anthropic';
  baseUrl: string;
  apiKey: string;
  model: string;
  timeoutMs: number;
}

export interface LlmCompletion {
  text: string;
  usage: Record<string, number>;
}

const integerUsage = (usage: Record<string, unknown> | undefined): Record<string, number> =>
  Object.fromEntries(Object.entries(usage ?? {}).filter((e): e is [string, number] => Number.isInteger(e[1])));

/** One completion of `user` under `system`, at temperature 0. Throws on any non-2xx answer or timeout. */
export async function complete(settings: LlmSettings, system: string, user: string): Promise<LlmCompletion> {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const signal = AbortSignal.timeout(settings.timeoutMs);
  if (settings.provider === 'anthropic') {
    const res = await fetch(`${base}/v1/messages`, {
      method: 'POST',
      signal,
      headers: { 'content-type': 'application/json', 'x-api-key': settings.apiKey, 'anthropic-version': '2023-06-01' },
      body: JSON.stringify({ model: settings.model, max_tokens: 700, temperature: 0, system, messages: [{ role: 'user', content: user }] }),
    });
    if (!res.ok) throw new Error(`Anthropic API answered ${res.status}`);
    const body = (await res.json()) as { content?: { type: string; text?: string }[]; usage?: Record<string, unknown> };
    return { text: (body.content ?? []).filter((c) => c.type === 'text').map((c) => c.text ?? '').join(''), usage: integerUsage(body.usage) };
  }
  const res = await fetch(`${base}/chat/completions`, {
    method: 'POST',
    signal,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${settings.apiKey}` },
    body: JSON.stringify({ model: settings.model, temperature: 0, messages: [{ role: 'system', content: system }, { role: 'user', content: user }] }),
  });
  if (!res.ok) throw new Error(`OpenAI-compatible API answered ${res.status}`);
  const body = (await res.json()) as { choices?: { message?: { content?: string } }[]; usage?: Record<string, unknown> };
  return { text: body.choices?.[0]?.message?.content ?? '', usage: integerUsage(body.usage) };
}
