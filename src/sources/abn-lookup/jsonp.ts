import { UnexpectedFormatError } from '../listed-entity';

const WRAPPED = /^\s*[A-Za-z_$][\w$.]*\s*\(([\s\S]*)\)\s*;?\s*$/;

/**
 * The JSON inside an ABN Lookup answer. The service answers JSONP (`<callback>({...})`, whatever name
 * was passed as `callback`); bare JSON is accepted too. Anything else, such as an HTML error page, is
 * not an answer at all.
 */
export function parseJsonp(text: string): unknown {
  const inner = WRAPPED.exec(text)?.[1] ?? text;
  try {
    return JSON.parse(inner) as unknown;
  } catch {
    throw new UnexpectedFormatError('abn_lookup', `not a JSONP or JSON answer (starts ${JSON.stringify(text.slice(0, 40))})`);
  }
}
