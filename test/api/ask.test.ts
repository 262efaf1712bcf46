import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { splitSentences } from '../../src/modules/ask/extractive-answer';
import { questionLexemes } from '../../src/modules/ask/question-lexemes';
import { HeldWindowClock } from '../helpers/clock';
import { jsonOf, type Json } from '../helpers/http';
import { startLlmServer, type LlmServer } from '../helpers/llm-server';
import { testConfig } from '../helpers/test-config';
import { startTestApp, type TestApp } from '../helpers/test-app';

const IN_SCOPE = [
  'How long do I have to send AUSTRAC a suspicious matter report?',
  'Do I need to register for GST if my turnover is under $75,000?',
  'What must a pay slip show and when do I have to give it?',
  'Can a disqualified person keep acting as a company director?',
  'How do I check whether someone is on the Australian sanctions list?',
];

const OUT_OF_SCOPE = [
  'What is a good recipe for banana bread?',
  'Who won the 2018 FIFA World Cup final?',
  'How do I renew a United States passport?',
  'What does FINTRAC require Canadian real estate brokers to report?',
];

describe('POST /v1/ask', () => {
  let app: TestApp;
  const ask = (body: Json, target = app) => fetch(`${target.url}/v1/ask`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const passagesAt = async (url: string) =>
    (await app.deps.orm.em.fork().getConnection().execute<{ body: string }[]>('select body from knowledge_passages where url = ?', [url])).map((r) => r.body);

  beforeAll(async () => {
    app = await startTestApp(testConfig({ RATE_LIMIT_ASK_PER_MINUTE: '1000' }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it.each(IN_SCOPE)('answers %j with sentences each taken from a passage it cites', async (question) => {
    const res = await ask({ question });
    expect(res.status).toBe(200);
    const body = await jsonOf(res);
    expect(body).toMatchObject({ question, disclaimer: expect.stringMatching(/not legal, tax or financial advice/), queried_at: expect.any(String) });
    expect(body.citations.length).toBeGreaterThan(0);
    const cited = (await Promise.all(body.citations.map((c: { url: string }) => passagesAt(c.url)))).flat();
    for (const sentence of splitSentences(body.answer)) {
      expect(cited.some((passage) => passage.includes(sentence)), `"${sentence}" is a span of a cited passage`).toBe(true);
    }
    expect(body.token_usage).toMatchObject({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });
  });

  it.each(OUT_OF_SCOPE)('says plainly it cannot answer %j and cites nothing', async (question) => {
    const body = await jsonOf(await ask({ question }));
    expect(body.citations).toEqual([]);
    expect(body.answer).toMatch(/^I can't answer that from the official sources/);
    expect(body.disclaimer).toBeTruthy();
  });

  describe('the questions people ask (issue 48)', () => {
    it('answers "Do the new AML rules apply to us?" rather than reading "us" as the United States', async () => {
      const body = await jsonOf(await ask({ question: 'Do the new AML rules apply to us?' }));
      expect(body.citations.length).toBeGreaterThan(0);
      expect(body.citations.every((c: { url: string }) => /austrac\.gov\.au|legislation\.gov\.au/.test(c.url))).toBe(true);
      expect(body.answer).not.toMatch(/^I can't answer/);
    });

    it('answers a question about a foreign PEP from the PEP and enhanced CDD guidance', async () => {
      const body = await jsonOf(await ask({ question: 'Our client is a British politician. What extra checks do we need?' }));
      expect(body.citations.map((c: { url: string }) => c.url)).toEqual(
        expect.arrayContaining([expect.stringMatching(/politically-exposed-persons-reform|enhanced-customer-due-diligence-reform/)]),
      );
      expect(body.answer).toMatch(/foreign PEP/);
      expect(body.answer).toMatch(/[Ee]nhanced CDD/);
    });

    it('answers "When must a suspicious matter report be submitted?" with the deadlines, not AUSTRAC Online', async () => {
      const body = await jsonOf(await ask({ question: 'When must a suspicious matter report be submitted?' }));
      expect(body.citations[0].url).toMatch(/suspicious-matter-reports-reform$/);
      expect(body.answer).toMatch(/3 business days/);
      expect(body.answer).toMatch(/24 hours after the suspicion is formed if the matter relates to terrorism financing/);
    });

    it.each([
      // The ask is a stop word ("When do I have to"), and the deadline passage shares fewer words than the
      // passages that mention suspicious customers: it must still be found and quoted.
      ['When do I have to tell AUSTRAC about a suspicious customer?', /suspicious-matter-reports-reform$/, /3 business days/],
      // "how long" is answered by a stated period, not by a passage that says "each day".
      ['how long do employers need to keep employee records', /fairwork\.gov\.au\/pay-and-wages\/paying-wages\/record-keeping$/, /for 7 years/],
      // A count: "at least one director", not the public company's "at least three".
      ["Does a pty ltd need a company secretary? And what's the minimum number of directors?", /company-officeholders-directors-and-secretaries$/, /A proprietary company must have at least one director/],
      // Two parts: the third sentence of the passage answers the cooling-off period.
      ['Do I need a written contract for a $25k kitchen renovation in Sydney, and is there a cooling-off period?', /guide-to-providing-home-building-contracts$/, /5-day cooling-off period/],
    ])('answers %j from the page that states the figure, stating it', async (question, page, figure) => {
      const body = await jsonOf(await ask({ question }));
      expect(body.citations.map((c: { url: string }) => c.url)).toEqual(expect.arrayContaining([expect.stringMatching(page)]));
      expect(body.answer).toMatch(figure);
    });
  });

  it('refuses bad input with 422 in the spec shape', async () => {
    for (const bad of [
      { question: 'Why?' },
      { question: 42 },
      { question: 'What is an IFTI report?', context: 7 },
      { question: 'What is an IFTI report?', freshness: null },
      [],
      { question: 'x'.repeat(2_001) },
      { question: 'What is an IFTI report?', context: 'y'.repeat(4_001) },
      { question: 'What is an IFTI report?', freshness: 'hour' },
      { context: 'no question' },
    ]) {
      const res = await ask(bad as Json);
      expect(res.status, JSON.stringify(bad).slice(0, 60)).toBe(422);
      expect((await jsonOf(res)).detail).toEqual(expect.anything());
    }
    const longest = await ask({ question: `What is an IFTI report? ${'x'.repeat(1_976)}`, context: 'y'.repeat(4_000) });
    expect(longest.status).toBe(200);
  });

  it("keeps only passages checked within the freshness window of the knowledge base's latest review", async () => {
    const db = app.deps.orm.em.fork().getConnection();
    const id = `test-stale-${randomUUID().slice(0, 8)}`;
    await db.execute(
      `insert into knowledge_passages (id, domain, title, url, source_title, checked_on, keywords, keywords_text, body, content_sha256)
       values (?, 'austrac', 'Zorblax lodgement rule', 'https://www.austrac.gov.au/zorblax', 'Zorblax', (select max(checked_on) from knowledge_passages) - 20, '{zorblax}', 'zorblax',
               'A zorblax lodgement is due within five business days. The zorblax rule applies to every zorblax dealer.', 'test')`,
      [id],
    );
    try {
      const question = 'When is a zorblax lodgement due for a zorblax dealer?';
      const month = await jsonOf(await ask({ question, freshness: 'month' }));
      expect(month.citations).toEqual([{ url: 'https://www.austrac.gov.au/zorblax', title: 'Zorblax' }]);
      const week = await jsonOf(await ask({ question, freshness: 'week' }));
      expect(week.citations).toEqual([]);
    } finally {
      await app.deps.orm.em.fork().getConnection().execute('delete from knowledge_passages where id = ?', [id]);
    }
  });

  it('boosts the agencies the context names, and never filters the others out', async () => {
    const builder = await jsonOf(await ask({ question: 'How do I check that a builder is licensed?', context: 'I am a builder in Queensland' }));
    expect(builder.citations[0].url).toMatch(/qld\.gov\.au/);
    // "Victoria" names the Victorian trades regulator; the AUSTRAC answer must still come through.
    const question = 'When must a threshold transaction report be lodged?';
    const plain = await jsonOf(await ask({ question }));
    const withContext = await jsonOf(await ask({ question, context: 'a real-estate agent in Victoria' }));
    expect(withContext.citations[0].url).toMatch(/austrac\.gov\.au/);
    expect(withContext.answer).toMatch(/10 business days/);
    expect(withContext.citations[0].url).toBe(plain.citations[0].url);
  });

  it("weighs a question by its topic: not the asker's figures or chat, a word no passage uses by what covers it, a phrase of stop words by its term of art", async () => {
    const em = app.deps.orm.em.fork();
    const cash = await questionLexemes(em, 'Customer keeps paying cash just under 10k, like 9,800 one day. Is that actually illegal from 1 July 2026?', []);
    const names = cash.map((l) => l.lexeme);
    expect(names).toEqual(expect.arrayContaining(['custom', 'cash', 'illeg', 'juli', '2026', 'just_under']));
    expect(names.filter((n) => ['10k', '9', '800', '1', 'like', 'actual'].includes(n))).toEqual([]);
    expect(cash.find((l) => l.lexeme === 'just_under')!.alternatives).toContainEqual(['structur']);
    const foreign = await questionLexemes(em, 'Our client is a Singapore group. Do they need a local director?', []);
    const singapore = foreign.find((l) => l.lexeme === 'singapor')!;
    const group = foreign.find((l) => l.lexeme === 'group')!;
    // No passage says "Singapore" or "group": only "group" keeps the weight of a word nobody uses.
    expect(singapore.alternatives).toContainEqual(['foreign']);
    expect(singapore.weight).toBeLessThan(group.weight);
  });

  it('limits each IP to the configured requests a minute, then answers 429 with Retry-After', async () => {
    // Its own key prefix: the other tests' requests from 127.0.0.1 this minute must not count here.
    const limited = await startTestApp(testConfig({ RATE_LIMIT_ASK_PER_MINUTE: '3', REDIS_KEY_PREFIX: `test:ask-limit:${randomUUID()}:` }), undefined, new HeldWindowClock().now);
    try {
      for (let i = 0; i < 3; i++) expect((await ask({ question: 'What is a TTR?' }, limited)).status).toBe(200);
      const refused = await ask({ question: 'What is a TTR?' }, limited);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect((await jsonOf(refused)).detail).toMatch(/limit/i);
    } finally {
      await limited.close();
    }
  });

  describe('with a language model configured', () => {
    let llm: LlmServer;
    beforeAll(async () => {
      llm = await startLlmServer();
    });
    afterAll(async () => {
      await llm?.close();
    });
    const withModel = (provider: 'openai' | 'anthropic') =>
      // The same per-IP ask limit as the app above: its requests count in the same minute window.
      startTestApp(testConfig({ RATE_LIMIT_ASK_PER_MINUTE: '1000', ASK_LLM_PROVIDER: provider, ASK_LLM_BASE_URL: provider === 'openai' ? `${llm.url}/v1` : llm.url, ASK_LLM_API_KEY: 'test-key', ASK_LLM_MODEL: 'test-model' }));

    it.each(['openai', 'anthropic'] as const)('returns the %s answer when every sentence cites a passage it was given, with the provider token counts', async (provider) => {
      const modelApp = await withModel(provider);
      try {
        llm.reply = () => 'You must report within three business days [1]. Terrorism financing matters are due within 24 hours [1].';
        const body = await jsonOf(await ask({ question: IN_SCOPE[0] }, modelApp));
        expect(body.answer).toMatch(/\[1\]/);
        expect(body.citations.length).toBeGreaterThan(0);
        expect(body.token_usage).toEqual(provider === 'openai' ? { prompt_tokens: 812, completion_tokens: 64, total_tokens: 876 } : { input_tokens: 790, output_tokens: 58 });
        const request = llm.requests.at(-1)!;
        expect(request.path).toBe(provider === 'openai' ? '/v1/chat/completions' : '/v1/messages');
        expect(JSON.stringify(request.body)).toContain('[1] ');
        // The caller's text reaches the model only JSON-encoded inside the nonce fence.
        const prompt = provider === 'openai' ? (request.body.messages as { role: string; content: string }[]).find((m) => m.role === 'user')!.content : (request.body.messages as { content: string }[])[0]!.content;
        const fence = /<<<ASKER_TEXT ([0-9a-f]{24})>>>\n(.*)\n<<<END_ASKER_TEXT \1>>>$/.exec(prompt);
        expect(fence?.[2]).toBe(JSON.stringify({ question: IN_SCOPE[0] }));
        expect(provider === 'openai' ? request.headers.authorization : request.headers['x-api-key']).toBe(provider === 'openai' ? 'Bearer test-key' : 'test-key');
      } finally {
        await modelApp.close();
      }
    });

    it('refuses a generated answer whose sentence cites nothing or a passage it was not given, and answers extractively', async () => {
      const modelApp = await withModel('openai');
      try {
        for (const reply of [
          'You must report within three business days. No citation here.',
          'Report it within three days [9].',
          // Cites a passage it was given, but that passage says 3 business days, not 30.
          'A suspicious matter report is due within 30 business days [1].',
          // Words the cited passage does not hold.
          'Directors need a director ID from ABRS before their appointment [1].',
        ]) {
          llm.reply = () => reply;
          const body = await jsonOf(await ask({ question: IN_SCOPE[0] }, modelApp));
          expect(body.answer).not.toBe(reply);
          expect(body.token_usage).toMatchObject({ generated_answer_refused: 1, prompt_tokens: 812 });
          const cited = (await Promise.all(body.citations.map((c: { url: string }) => passagesAt(c.url)))).flat();
          for (const sentence of splitSentences(body.answer)) expect(cited.some((p) => p.includes(sentence))).toBe(true);
        }
      } finally {
        await modelApp.close();
      }
    });
  });
});
