/**
 * The names a name field holds. Lists sometimes publish several spellings in one field, separated by
 * semicolons ("Husain Salimi; Hosain Salimi; Hussain Salimi"), and a screening request copied from
 * such a field does the same: each is a name of its own, or its tokens would count as one long name
 * that no single spelling covers. A name ending in an aside in brackets is also read without it, and
 * a name in another script followed by its Latin spellings in brackets is each of them.
 */
export function namesIn(field: string): readonly string[] {
  if (!field.includes(';') && !field.endsWith(')')) return [field];
  const transliterated = transliterationAside(field);
  if (transliterated !== null) return transliterated;
  const names: string[] = [];
  for (const part of field.split(';')) {
    const name = part.trim();
    if (name === '') continue;
    names.push(name);
    const bare = withoutTrailingAside(name);
    if (bare !== null) names.push(bare);
  }
  return names.length > 0 ? names : [field];
}

/**
 * The name without a closing aside in brackets ("LASHKAR I JHANGVI (LJ)", "Chosun Expo (APT 38)"), or
 * null when it has none: the aside is an acronym, an epithet or a note, and a list elsewhere, or a
 * customer, writes the name without it. Both are kept: the aside may be how the other side writes it.
 */
function withoutTrailingAside(name: string): string | null {
  if (!name.endsWith(')')) return null;
  const open = name.lastIndexOf('(');
  if (open <= 0) return null;
  const bare = name.slice(0, open).trim();
  return bare === '' || bare.includes('(') ? null : bare;
}

/**
 * The names of a field that gives a name in a script other than Latin and then its Latin spellings in
 * brackets, as the UN list does ("أبو بكر البغدادي (Abu Bakr al-Baghdadi; Abu Bakr al-Baghdadi
 * al-Husayni)"): the original and each spelling, or null for any other field. Split at semicolons
 * first, the field would tear the bracket apart and neither half would be a name.
 */
function transliterationAside(field: string): string[] | null {
  if (!field.endsWith(')')) return null;
  const open = field.indexOf('(');
  if (open <= 0) return null;
  const original = field.slice(0, open).trim();
  const aside = field.slice(open + 1, -1);
  if (original === '' || LATIN_LETTER.test(original) || !LATIN_LETTER.test(aside) || aside.includes('(')) return null;
  const spellings = aside.split(';').map((s) => s.trim()).filter((s) => s !== '');
  return [original, ...spellings];
}

const LATIN_LETTER = /[A-Za-z]/;
