import { describe, expect, it } from 'vitest';
import { detectNameScript } from '../../../src/sources/common/name-script';

describe('detectNameScript', () => {
  it('names the script a listed name is written in', () => {
    expect(detectNameScript('Mohammed Omar GHULAM NABI')).toBe('latin');
    expect(detectNameScript('Gédéon Kyungu')).toBe('latin');
    expect(detectNameScript('محمد عمر غلام نبی')).toBe('arabic');
    expect(detectNameScript('ИВАХА Денис Владимирович')).toBe('cyrillic');
    expect(detectNameScript('金正恩')).toBe('cjk');
    expect(detectNameScript('김정은')).toBe('cjk');
    expect(detectNameScript('ፍትዊ ዓብዱረዛቕ')).toBe('other');
  });

  it('treats a Latin name with a note in another script as that script', () => {
    expect(detectNameScript('Ibrahim Hassan Tali Asiri (إبراهيم حسن طالع عسيري)')).toBe('arabic');
  });
});
