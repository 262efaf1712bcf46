/**
 * Australian Business Numbers and Australian Company Numbers, checked by their published checksums
 * before any register is asked: a mistyped number is the caller's problem to fix (422 naming what is
 * wrong), while a well-formed number the registers do not know is a finding in its own right.
 *
 * ABN (ABR): subtract 1 from the first digit, weight the 11 digits 10,1,3,5,7,9,11,13,15,17,19; valid
 * when the sum is divisible by 89. ACN (ASIC): weight the first 8 digits 8,7,...,1; the check digit is
 * (10 − sum mod 10) mod 10. Spaces (as numbers are usually printed: 51 824 753 556) are ignored.
 */

const ABN_WEIGHTS = [10, 1, 3, 5, 7, 9, 11, 13, 15, 17, 19];
const ACN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 1];

export type NumberCheck = { valid: true; value: string } | { valid: false; problem: string };

const digitsOf = (input: string) => input.replace(/ /g, '');

/** Validates an ABN; `value` is the 11 digits without spaces. */
export function checkAbn(input: string): NumberCheck {
  const value = digitsOf(input);
  if (!/^\d+$/.test(value)) return { valid: false, problem: 'An ABN has digits and spaces only' };
  if (value.length !== 11) return { valid: false, problem: `An ABN has 11 digits; got ${value.length}` };
  if (value[0] === '0') return { valid: false, problem: 'An ABN cannot start with 0' };
  const digits = [...value].map(Number);
  digits[0]! -= 1;
  const sum = digits.reduce((total, digit, i) => total + digit * ABN_WEIGHTS[i]!, 0);
  if (sum % 89 !== 0) return { valid: false, problem: 'The ABN fails its checksum (a digit is wrong or two are swapped)' };
  return { valid: true, value };
}

/** Validates an ACN; `value` is the 9 digits without spaces. */
export function checkAcn(input: string): NumberCheck {
  const value = digitsOf(input);
  if (!/^\d+$/.test(value)) return { valid: false, problem: 'An ACN has digits and spaces only' };
  if (value.length !== 9) return { valid: false, problem: `An ACN has 9 digits; got ${value.length}` };
  const digits = [...value].map(Number);
  const sum = ACN_WEIGHTS.reduce((total, weight, i) => total + weight * digits[i]!, 0);
  const check = (10 - (sum % 10)) % 10;
  if (check !== digits[8]) return { valid: false, problem: 'The ACN fails its check digit (a digit is wrong or two are swapped)' };
  return { valid: true, value };
}

/** The ACN inside an ABN, when the ABN was issued to a company (its last 9 digits are then the ACN). */
export function acnWithinAbn(abn: string): string | null {
  const candidate = abn.slice(2);
  return checkAcn(candidate).valid ? candidate : null;
}
