/**
 * Notes the lists write inside a name ("Hajji 'Abd Al-Nasir (previously listed as)", "El Para (combat
 * name)", "Formerly known as …", a name followed by "(original script)"), which are about the name, not
 * part of it. Left in, their words count as name parts that the other side lacks, and an alias
 * copied from a list into a screening request would miss the record that lists it without the note.
 */
const ANNOTATIONS =
  /\((?:formerly|previously) listed as\)|\((?:combat name|call sign|original script|nom de guerre)\)|\b(?:formerly|previously|also) known as\b|\ba\.k\.a\.?(?=\s|$)/giu;

/** The name without the lists' notes about it; the name itself when nothing else would be left. */
export function withoutAnnotations(raw: string): string {
  if (!raw.includes('(') && !/known as|a\.k\.a/iu.test(raw)) return raw;
  const stripped = raw.replace(ANNOTATIONS, ' ').trim();
  return stripped === '' ? raw : stripped;
}
