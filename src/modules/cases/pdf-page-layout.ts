/**
 * Lays text out into pages before anything is drawn. Wrapping every line ourselves (instead of letting
 * pdfkit break lines and pages as it draws) gives two things a case report needs: the page count is known
 * before page 1 is written, so each page's "Page N of M" footer is drawn as that page is finished and the
 * PDF can stream page by page; and no line can ever be wider than its column, because a word too long
 * for the column (an e-mail address, a hash) is broken between characters.
 */
import { printableText } from './pdf-text';

export type FontName = 'Helvetica' | 'Helvetica-Bold' | 'Helvetica-Oblique' | 'Courier';

export interface TextStyle {
  font: FontName;
  size: number;
  color: string;
}

export type Mark =
  | { kind: 'text'; text: string; x: number; y: number; style: TextStyle }
  | { kind: 'rule'; x: number; y: number; width: number; color: string };

/** The area of a page that content may use, in points from the top-left corner. */
export interface Frame {
  left: number;
  top: number;
  width: number;
  bottom: number;
}

/** A column of a row: `x` is measured from the frame's left edge. */
export interface Cell {
  text: string;
  x: number;
  width: number;
  style: TextStyle;
  align?: 'left' | 'right';
}

export interface Row {
  cells: Cell[];
  gapAfter?: number;
}

export type MeasureWidth = (text: string, style: TextStyle) => number;

const LINE_SPACING = 1.3;

export function lineHeight(style: TextStyle): number {
  return style.size * LINE_SPACING;
}

export class PageLayout {
  readonly pages: Mark[][] = [[]];
  private y: number;
  private readonly widths = new Map<string, number>();
  private repeatedHeader: (() => void) | null = null;

  constructor(
    readonly frame: Frame,
    private readonly measure: MeasureWidth,
  ) {
    this.y = frame.top;
  }

  /** Rows kept on one page when they fit on one; otherwise they flow line by line from here. */
  block(rows: Row[]): void {
    const laidOut = rows.map((row) => ({ row, columns: row.cells.map((cell) => this.wrap(cell.text, cell.width, cell.style)) }));
    const height = laidOut.reduce((sum, { row, columns }) => sum + rowHeight(row, columns) + (row.gapAfter ?? 0), 0);
    const pageHeight = this.frame.bottom - this.frame.top;
    if (this.y + height > this.frame.bottom && height <= pageHeight) this.newPage();
    for (const { row, columns } of laidOut) {
      this.place(row, columns);
      this.y += row.gapAfter ?? 0;
    }
  }

  row(row: Row): void {
    this.block([row]);
  }

  /** Starts a new page unless `height` points are still free on this one (keeps a heading with its text). */
  keepSpace(height: number): void {
    if (this.y + height > this.frame.bottom) this.newPage();
  }

  space(height: number): void {
    this.y = Math.min(this.y + height, this.frame.bottom);
  }

  rule(color: string, gapAfter = 4): void {
    if (this.y + gapAfter > this.frame.bottom) return this.newPage();
    this.current().push({ kind: 'rule', x: this.frame.left, y: this.y, width: this.frame.width, color });
    this.y += gapAfter;
  }

  /** Lays out `header` again at the top of each new page (a table's column headings); null stops it. */
  repeatOnNewPage(header: (() => void) | null): void {
    this.repeatedHeader = header;
  }

  newPage(): void {
    this.pages.push([]);
    this.y = this.frame.top;
    this.repeatedHeader?.();
  }

  /** Lines of at most `width` points: words wrap, "\n" breaks, a word wider than the column is split. */
  wrap(text: string, width: number, style: TextStyle): string[] {
    const lines: string[] = [];
    for (const paragraph of printableText(text).split('\n')) {
      let line = '';
      let lineWidth = 0;
      for (const word of paragraph.split(' ').filter((w) => w !== '')) {
        // Adding " word" widens the line by at most the width of " word" measured alone: every kerning
        // pair of a glyph before a space is negative in the built-in fonts, so the sum never understates.
        const candidateWidth = line === '' ? this.width(word, style) : lineWidth + this.width(` ${word}`, style);
        if (candidateWidth <= width) {
          line = line === '' ? word : `${line} ${word}`;
          lineWidth = candidateWidth;
          continue;
        }
        if (line !== '') lines.push(line);
        const pieces = this.splitWord(word, width, style);
        lines.push(...pieces.slice(0, -1));
        line = pieces[pieces.length - 1]!;
        lineWidth = this.width(line, style);
      }
      lines.push(line);
    }
    return lines;
  }

  /** Measuring is the costly part of layout (pdfkit looks up a kerning pair per character): memoised. */
  private width(text: string, style: TextStyle): number {
    const key = `${style.font}\u0000${style.size}\u0000${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = this.measure(text, style);
      this.widths.set(key, width);
    }
    return width;
  }

  private splitWord(word: string, width: number, style: TextStyle): string[] {
    if (this.width(word, style) <= width) return [word];
    const pieces: string[] = [];
    let piece = '';
    for (const ch of word) {
      if (piece !== '' && this.measure(piece + ch, style) > width) {
        pieces.push(piece);
        piece = '';
      }
      piece += ch;
    }
    pieces.push(piece);
    return pieces;
  }

  private place(row: Row, columns: string[][]): void {
    const height = rowHeight(row, columns);
    if (this.y + height <= this.frame.bottom) {
      row.cells.forEach((cell, i) => columns[i]!.forEach((line, k) => this.text(cell, line, this.y + k * lineHeight(cell.style))));
      this.y += height;
      return;
    }
    // Taller than what is left: line by line, breaking pages between lines.
    const lineCount = Math.max(...columns.map((c) => c.length));
    for (let k = 0; k < lineCount; k++) {
      const step = Math.max(...row.cells.map((cell, i) => (k < columns[i]!.length ? lineHeight(cell.style) : 0)));
      if (this.y + step > this.frame.bottom) this.newPage();
      row.cells.forEach((cell, i) => {
        const line = columns[i]![k];
        if (line !== undefined) this.text(cell, line, this.y);
      });
      this.y += step;
    }
  }

  private text(cell: Cell, line: string, y: number): void {
    if (line === '') return;
    const offset = cell.align === 'right' ? cell.width - this.width(line, cell.style) : 0;
    this.current().push({ kind: 'text', text: line, x: this.frame.left + cell.x + offset, y, style: cell.style });
  }

  private current(): Mark[] {
    return this.pages[this.pages.length - 1]!;
  }
}

function rowHeight(row: Row, columns: string[][]): number {
  return Math.max(0, ...row.cells.map((cell, i) => columns[i]!.length * lineHeight(cell.style)));
}
