/**
 * Adverse-media search for the Trust Score (`include_adverse_media`): an interface a search provider
 * (a news API, a commercial adverse-media feed) implements. None is configured in this version, so the
 * request flag is accepted and the score says no search ran. A provider's findings are reported in
 * `contributing_risks` without changing the sub-scores of methodology v1.1; whoever adds one also adds
 * its 30-day cache per name (spec, Limits).
 */

export interface AdverseMediaFinding {
  title: string;
  url: string;
  /** yyyy-mm-dd, when the provider gives it. */
  published: string | null;
  publisher: string | null;
}

export interface AdverseMediaProvider {
  /** Named in `contributing_risks`, so a reader knows where a finding came from. */
  readonly name: string;
  search(entityName: string): Promise<AdverseMediaFinding[]>;
}

/** The sentences an adverse-media request adds to a score, by what could be run. */
export async function adverseMediaRisks(provider: AdverseMediaProvider | undefined, entityNameHint: string | null): Promise<string[]> {
  if (!provider) return ['An adverse-media search was asked for, but no search provider is configured, so none was run.'];
  if (!entityNameHint) return ['An adverse-media search needs entity_name_hint, so none was run.'];
  const findings = await provider.search(entityNameHint);
  if (!findings.length) return [`No adverse media found for "${entityNameHint}" (${provider.name}).`];
  return findings.map((f) => `Adverse media (${provider.name}): ${f.title}${f.published ? `, ${f.published}` : ''} (${f.url}).`);
}
