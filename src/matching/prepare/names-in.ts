/**
 * The names a name field holds. Lists sometimes publish several spellings in one field, separated by
 * semicolons ("Husain Salimi; Hosain Salimi; Hussain Salimi"), and a screening request copied from
 * such a field does the same: each is a name of its own, or its tokens would count as one long name
 * that no single spelling covers.
 */
export function namesIn(field: string): readonly string[] {
  if (!field.includes(';')) return [field];
  const names = field
    .split(';')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  return names.length > 0 ? names : [field];
}
