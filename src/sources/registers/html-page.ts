/**
 * Register pages saved from the web (ASIC's published notices, AUSTRAC's enforcement and register
 * pages), read whole (they are small) with cheerio. A file that is not HTML at all is refused at once,
 * so a CSV or a JSON file given for the wrong register never reads as an empty page.
 */
import { readFile } from 'node:fs/promises';
import { loadBuffer, type CheerioAPI } from 'cheerio';
import { UnexpectedFormatError } from '../listed-entity';

/** The whole file as a document; `source` names the register in the refusal. */
export async function loadHtmlPage(path: string, source: string): Promise<CheerioAPI> {
  const buffer = await readFile(path);
  const head = buffer.subarray(0, 512).toString('latin1').replace(/^\ufeff|^\xef\xbb\xbf/, '');
  if (!/^\s*<(?:!doctype\s+html|html|head|body|!--|\?xml)/i.test(head)) throw new UnexpectedFormatError(source, 'not an HTML page');
  return loadBuffer(buffer);
}

/** `href` made absolute against `base`, or null for none, a script or mail link, a bare anchor, or one that is not a web address. */
export function absoluteUrl(href: string | undefined, base: string): string | null {
  if (!href || /^(?:javascript|mailto|tel|#)/i.test(href.trim())) return null;
  try {
    return new URL(href.trim(), base).toString();
  } catch {
    return null;
  }
}
