/**
 * Reads a PDF's text with Mozilla's PDF.js (`pdfjs-dist`), so the tests need no system binary: each
 * text item comes with its position, which is enough to rebuild lines in reading order (for text and
 * order assertions) and to give every word a box (for margin and wrapping assertions).
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** A word and its box in PDF points, measured from the page's top-left corner as poppler does. */
export interface WordBox {
  word: string;
  xMin: number;
  yMin: number;
  xMax: number;
  yMax: number;
  pageWidth: number;
  pageHeight: number;
}

interface Item {
  str: string;
  x: number;
  baseline: number; // from the top of the page
  width: number;
  height: number;
}

interface Page {
  width: number;
  height: number;
  items: Item[];
}

type PdfJs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
let pdfjs: Promise<PdfJs> | undefined;
const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

async function readPages(pdf: string | Uint8Array): Promise<Page[]> {
  const { getDocument, VerbosityLevel } = await loadPdfJs();
  const data = typeof pdf === 'string' ? new Uint8Array(await readFile(pdf)) : new Uint8Array(pdf);
  const standardFontDataUrl = join(dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts') + '/';
  const document = await getDocument({ data, standardFontDataUrl, verbosity: VerbosityLevel.ERRORS, isEvalSupported: false }).promise;
  try {
    const pages: Page[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const [x0, y0, x1, y1] = page.view as [number, number, number, number];
      const height = y1 - y0;
      const content = await page.getTextContent();
      const items: Item[] = [];
      for (const item of content.items) {
        if (!('str' in item) || item.str === '') continue;
        const [, , , d, e, f] = item.transform as number[];
        items.push({ str: item.str, x: e! - x0, baseline: height - (f! - y0), width: item.width, height: item.height || Math.abs(d!) });
      }
      pages.push({ width: x1 - x0, height, items });
      page.cleanup();
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** Items whose baselines lie within a third of a line of each other, left to right. */
function lines(items: Item[]): Item[][] {
  const sorted = [...items].sort((a, b) => a.baseline - b.baseline || a.x - b.x);
  const result: Item[][] = [];
  for (const item of sorted) {
    const line = result.at(-1);
    const tolerance = Math.max(1, item.height / 3);
    if (line && Math.abs(line[0]!.baseline - item.baseline) <= tolerance) line.push(item);
    else result.push([item]);
  }
  return result.map((line) => line.sort((a, b) => a.x - b.x));
}

/** A line's text: items joined as they sit, with spaces for visible gaps (several for a column gap). */
function lineText(line: Item[]): string {
  let text = '';
  let end: number | undefined;
  for (const item of line) {
    if (end !== undefined) {
      const gap = item.x - end;
      const space = Math.max(1, item.height * 0.25);
      if (gap > space * 2) text += '   ';
      else if (gap > space * 0.4 && !text.endsWith(' ') && !item.str.startsWith(' ')) text += ' ';
    }
    text += item.str;
    end = item.x + item.width;
  }
  return text.trimEnd();
}

/** The text of each page, one line per printed line, in reading order (as `pdftotext -layout` gives it). */
export async function pdfPages(pdf: string | Uint8Array): Promise<string[]> {
  return (await readPages(pdf)).map((page) => lines(page.items).map(lineText).join('\n')).filter((text) => text.trim() !== '');
}

/** Every word's box and its page's size (as `pdftotext -bbox` gives them), widths shared out by characters. */
export async function pdfWordBoxes(pdf: string | Uint8Array): Promise<WordBox[]> {
  return (await readPages(pdf)).flatMap((page) =>
    page.items.flatMap((item) => {
      const perChar = item.str.length > 0 ? item.width / item.str.length : 0;
      return [...item.str.matchAll(/\S+/g)].map((m) => ({
        word: m[0],
        xMin: item.x + m.index * perChar,
        xMax: item.x + (m.index + m[0].length) * perChar,
        yMin: item.baseline - item.height * 0.8,
        yMax: item.baseline + item.height * 0.25,
        pageWidth: page.width,
        pageHeight: page.height,
      }));
    }),
  );
}
