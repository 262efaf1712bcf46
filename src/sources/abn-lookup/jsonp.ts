import { UnexpectedFormatError } from '../listed-entity';

/**
 * `<callback>( ... )` with an optional trailing `;`: the callback is whatever name the caller passed
 * (a plain identifier, or a dotted one such as `jQuery.cb`), with whitespace allowed anywhere between
 * the parts. Some JSONP servers put an empty comment in front, to defeat content sniffing; allowed too.
 */
const WRAPPED = /^\s*(?:\/\*\*\/\s*)?[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)*\s*\(([\s\S]*)\)\s*;?\s*$/;

/**
 * The JSON object inside an ABN Lookup answer. The service answers JSONP (`<callback>({...})`, with
 * whatever name was passed as `callback`); bare JSON is accepted too. Every answer the service gives
 * is a JSON object, so anything else (an HTML error page, an empty body, a bare string or array) is
 * not an answer at all and throws `UnexpectedFormatError`.
 */
export function parseJsonp(text: string): unknown {
  const body = text.replace(/^\uFEFF/, '');
  const inner = WRAPPED.exec(body)?.[1] ?? body;
  let value: unknown;
  try {
    value = JSON.parse(inner) as unknown;
  } catch {
    throw new UnexpectedFormatError('abn_lookup', `not a JSONP or JSON answer (starts ${JSON.stringify(body.trim().slice(0, 40))})`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new UnexpectedFormatError('abn_lookup', `the answer is ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}, not an object`);
  }
  return value;
}
