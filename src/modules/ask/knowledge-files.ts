/**
 * The knowledge base as the repository keeps it: one YAML file per agency in `knowledge/`, reviewed like
 * code. Every file is validated whole (a passage without an official gov.au source, a date or enough
 * text is refused with its file and index), so a bad edit fails the load loudly instead of quietly
 * answering from it.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { PROJECT_ROOT } from '../../project-root';

export const KNOWLEDGE_DIR = resolve(PROJECT_ROOT, 'knowledge');

export const DOMAINS = ['austrac', 'asic', 'abr', 'dfat', 'ato', 'fair_work', 'ppsr', 'trades_nsw', 'trades_vic', 'trades_qld'] as const;
export type Domain = (typeof DOMAINS)[number];

const officialUrl = z
  .url()
  .refine((u) => /^https:\/\/([a-z0-9-]+\.)*gov\.au(\/|$)/.test(u), 'must be an https page on a gov.au domain');

const PassageSchema = z.object({
  id: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase-kebab'),
  title: z.string().min(5),
  url: officialUrl,
  source_title: z.string().min(3),
  checked: z.union([z.string(), z.date()]).transform((v, ctx) => {
    const day = v instanceof Date ? v.toISOString().slice(0, 10) : v;
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) ctx.addIssue({ code: 'custom', message: 'checked must be a date YYYY-MM-DD' });
    return day;
  }),
  keywords: z.array(z.union([z.string(), z.number()]).transform(String)).default([]),
  text: z.string().min(60),
});

const FileSchema = z.object({ domain: z.enum(DOMAINS), passages: z.array(PassageSchema).min(1) });

export interface KnowledgePassage {
  id: string;
  domain: Domain;
  title: string;
  url: string;
  sourceTitle: string;
  checkedOn: string;
  keywords: string[];
  body: string;
  contentSha256: string;
}

/** Reads and validates every `*.yaml` in `dir`; throws one error naming every problem found. */
export function readKnowledgeBase(dir = KNOWLEDGE_DIR): KnowledgePassage[] {
  const problems: string[] = [];
  const passages: KnowledgePassage[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.yaml')).sort()) {
    const parsed = FileSchema.safeParse(parse(readFileSync(join(dir, file), 'utf8')));
    if (!parsed.success) {
      problems.push(...parsed.error.issues.map((i) => `${file}: ${i.path.join('.')}: ${i.message}`));
      continue;
    }
    for (const p of parsed.data.passages) {
      const body = p.text.replace(/\s+/g, ' ').trim();
      const passage = { id: p.id, domain: parsed.data.domain, title: p.title.trim(), url: p.url, sourceTitle: p.source_title.trim(), checkedOn: p.checked, keywords: p.keywords, body };
      passages.push({ ...passage, contentSha256: createHash('sha256').update(JSON.stringify(passage)).digest('hex') });
    }
  }
  const seen = new Set<string>();
  for (const p of passages) {
    if (seen.has(p.id)) problems.push(`duplicate passage id ${p.id}`);
    seen.add(p.id);
  }
  if (problems.length) throw new Error(`knowledge base invalid:\n${problems.join('\n')}`);
  return passages;
}
