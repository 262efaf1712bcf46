import { SaxesParser } from 'saxes';
import { type ListInput, openListInput } from './list-input';
import { UnexpectedFormatError } from '../listed-entity';

/** A small element tree for one record (a UN or ABR record is a few KB; the files are MB to GB). */
export interface XmlElement {
  name: string;
  /** The element's attributes, by name (e.g. the ABR's `status="ACT"`). */
  attributes: Record<string, string>;
  text: string;
  children: XmlElement[];
  /** 1-based line of the opening tag, for problem locations. */
  line: number;
}

export interface ReadXmlRecordsOptions {
  source: string;
  /** The root element the file must open with. */
  root: string;
  /** Depth of the record elements: 3 for ROOT > GROUP > RECORD. */
  recordDepth: number;
}

/**
 * Streams an XML file and yields each element at `recordDepth` as a small tree, so a large file
 * is never held in memory. A file whose root is not `root` (or that is not XML at all) throws
 * {@link UnexpectedFormatError} before any record is yielded; XML that breaks after records were
 * read (a truncated download) throws a plain error, since a partial list must never pass as whole.
 */
export async function* readXmlRecords(input: ListInput, options: ReadXmlRecordsOptions): AsyncIterable<XmlElement> {
  const parser = new SaxesParser({ position: true });
  const open: XmlElement[] = [];
  const ready: XmlElement[] = [];
  const state: { depth: number; root: string | null } = { depth: 0, root: null };
  parser.on('opentag', (tag) => {
    const depth = ++state.depth;
    if (depth === 1) state.root = tag.name;
    if (depth < options.recordDepth || state.root !== options.root) return;
    const element: XmlElement = { name: tag.name, attributes: tag.attributes as Record<string, string>, text: '', children: [], line: parser.line };
    open.at(-1)?.children.push(element);
    open.push(element);
  });
  parser.on('text', (text) => appendText(open, text));
  parser.on('cdata', (text) => appendText(open, text));
  parser.on('closetag', () => {
    if (state.depth >= options.recordDepth && state.root === options.root) {
      const element = open.pop();
      if (element && state.depth === options.recordDepth) ready.push(element);
    }
    state.depth--;
  });
  const stream = openListInput(input);
  stream.setEncoding('utf8');
  try {
    for await (const chunk of stream) {
      write(parser, chunk as string, state.root, options);
      if (state.root !== null && state.root !== options.root) {
        throw new UnexpectedFormatError(options.source, `root element is <${state.root}>, expected <${options.root}>`);
      }
      yield* ready.splice(0);
    }
    write(parser, null, state.root, options);
  } finally {
    stream.destroy();
  }
  if (state.root === null) throw new UnexpectedFormatError(options.source, 'the file has no XML root element');
  yield* ready.splice(0);
}

function appendText(open: XmlElement[], text: string): void {
  const current = open.at(-1);
  if (current) current.text += text;
}

function write(parser: SaxesParser, chunk: string | null, rootName: string | null, options: ReadXmlRecordsOptions): void {
  try {
    if (chunk === null) parser.close();
    else parser.write(chunk);
  } catch (error) {
    const message = (error as Error).message;
    if (rootName === null) throw new UnexpectedFormatError(options.source, `not XML (${message})`);
    throw new Error(`${options.source}: malformed XML: ${message}`, { cause: error });
  }
}

/** The first child element with this name. */
export function childElement(element: XmlElement, name: string): XmlElement | undefined {
  return element.children.find((child) => child.name === name);
}

/** Every child element with this name. */
export function childElements(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}

/** The text of the first child with this name, or "" when absent. */
export function childText(element: XmlElement, name: string): string {
  return childElement(element, name)?.text ?? '';
}
