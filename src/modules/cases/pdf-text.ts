/**
 * Text that pdfkit's built-in fonts can draw. Helvetica and Courier carry only the WinAnsi character set
 * (Latin-1 plus a few typographic marks); any other character would come out as garbage, so it is
 * transliterated to ASCII instead (a Cyrillic or Arabic name prints in Latin letters). The exact original
 * text stays in the case record and its canonical JSON; only the printed copy is transliterated.
 */
import anyAscii from 'any-ascii';

/** Code points beyond Latin-1 that WinAnsiEncoding still has (dashes, quotes, bullet, euro, ...). */
const WIN_ANSI_EXTRAS = new Set([
  0x0152, 0x0153, 0x0160, 0x0161, 0x0178, 0x017d, 0x017e, 0x0192, 0x02c6, 0x02dc, 0x2013, 0x2014, 0x2018, 0x2019,
  0x201a, 0x201c, 0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

const PLAIN_ASCII = /^[\x20-\x7e\n]*$/;

function isWinAnsi(codePoint: number): boolean {
  return (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff) || WIN_ANSI_EXTRAS.has(codePoint);
}

/** True when {@link printableText} would change more than whitespace: the printed copy is not exact. */
export function needsTransliteration(text: string): boolean {
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0)!;
    if (!isWinAnsi(cp) && !/\s/.test(ch)) return true;
  }
  return false;
}

/**
 * The text with line breaks kept (as "\n"), other whitespace and control characters as spaces, and
 * characters outside WinAnsi transliterated.
 */
export function printableText(text: string): string {
  if (PLAIN_ASCII.test(text)) return text;
  let out = '';
  for (const ch of text.normalize('NFC').replace(/\r\n?/g, '\n')) {
    const cp = ch.codePointAt(0)!;
    if (ch === '\n' || isWinAnsi(cp)) out += ch;
    else if (/\s/.test(ch) || cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) out += ' ';
    else out += anyAscii(ch);
  }
  return out;
}
