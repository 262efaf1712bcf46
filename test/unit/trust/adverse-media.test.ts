import { describe, expect, it } from 'vitest';
import { adverseMediaRisks, type AdverseMediaProvider } from '../../../src/modules/trust/adverse-media';

describe('adverse media in a Trust Score', () => {
  const provider = (findings: Awaited<ReturnType<AdverseMediaProvider['search']>>): AdverseMediaProvider & { asked: string[] } => {
    const asked: string[] = [];
    return { name: 'Example News', asked, search: async (name) => (asked.push(name), findings) };
  };

  it('says no search ran without a provider, or without a name to search', async () => {
    expect(await adverseMediaRisks(undefined, 'Acme Pty Ltd')).toEqual(['An adverse-media search was asked for, but no search provider is configured, so none was run.']);
    const configured = provider([]);
    expect(await adverseMediaRisks(configured, null)).toEqual(['An adverse-media search needs entity_name_hint, so none was run.']);
    expect(configured.asked).toEqual([]);
  });

  it("reports a provider's findings in sentences that cite them, and a clean search as clean", async () => {
    const found = provider([{ title: 'Acme fined over safety breaches', url: 'https://news.example/acme', published: '2026-01-02', publisher: 'Example News' }]);
    expect(await adverseMediaRisks(found, 'Acme Pty Ltd')).toEqual(['Adverse media (Example News): Acme fined over safety breaches, 2026-01-02 (https://news.example/acme).']);
    expect(found.asked).toEqual(['Acme Pty Ltd']);
    expect(await adverseMediaRisks(provider([]), 'Acme Pty Ltd')).toEqual(['No adverse media found for "Acme Pty Ltd" (Example News).']);
  });
});
