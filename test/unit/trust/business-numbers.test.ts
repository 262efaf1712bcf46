import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { acnWithinAbn, checkAbn, checkAcn } from '../../../src/sources/common/business-numbers';
import { abrEntityUrl } from '../../../src/modules/trust/business-numbers';

describe('ABN and ACN checksums', () => {
  it('accepts published ABNs, with or without the usual spaces', () => {
    // The ABR's own worked example, the ATO's ABN, and the ABN of a company (BHP Group Limited: ACN 004 028 077).
    for (const abn of ['51 824 753 556', '51824753556', '49 004 028 077', '33 051 775 556']) expect(checkAbn(abn)).toEqual({ valid: true, value: abn.replace(/ /g, '') });
  });

  it('names the problem of a malformed ABN', () => {
    expect(checkAbn('51 824 753 557')).toEqual({ valid: false, problem: expect.stringMatching(/checksum/) });
    expect(checkAbn('5182475355')).toEqual({ valid: false, problem: 'An ABN has 11 digits; got 10' });
    expect(checkAbn('51-824-753-556')).toEqual({ valid: false, problem: 'An ABN has digits and spaces only' });
    expect(checkAbn('01 824 753 556')).toEqual({ valid: false, problem: 'An ABN cannot start with 0' });
  });

  it('catches every single-digit change of a valid ABN', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10 }), fc.integer({ min: 1, max: 9 }), (position, delta) => {
        const digits = [...'51824753556'].map(Number);
        digits[position] = (digits[position]! + delta) % 10;
        const changed = digits.join('');
        return changed === '51824753556' || !checkAbn(changed).valid;
      }),
    );
  });

  it('accepts published ACNs and refuses a wrong check digit', () => {
    for (const acn of ['004 028 077', '000 000 019', '010 499 966', '051 775 556']) expect(checkAcn(acn).valid).toBe(true);
    expect(checkAcn('004 028 078')).toEqual({ valid: false, problem: expect.stringMatching(/check digit/) });
    expect(checkAcn('00402807')).toEqual({ valid: false, problem: 'An ACN has 9 digits; got 8' });
  });

  it('finds the ACN inside a company ABN and builds the ABR page to cite', () => {
    expect(acnWithinAbn('49004028077')).toBe('004028077');
    expect(abrEntityUrl('51824753556')).toBe('https://abr.business.gov.au/ABN/View?abn=51824753556');
  });
});
