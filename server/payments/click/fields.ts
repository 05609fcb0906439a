/**
 * A Click SHOP API request's fields as sent: Click posts a form (`application/x-www-form-urlencoded`);
 * a flat JSON object is read too. Every value is kept as its text (a JSON number as written, so
 * `70000.00` stays `70000.00` for the signature and the exact amount), and a field that cannot be
 * one text (sent twice, `true`, `null`) is `null`, which the protocol refuses as an error in request.
 */
export type ClickFields = ReadonlyMap<string, string | null>;

/** The fields of a body as its content type says it is written; null when it cannot be read at all. */
export function readClickFields(contentType: string | undefined, body: unknown): ClickFields | null {
  const text = typeof body === 'string' ? body : '';
  const json = /^\s*application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i.test(contentType ?? '');
  return json ? readFlatJson(text) : readForm(text);
}

function readForm(body: string): ClickFields {
  const fields = new Map<string, string | null>();
  // URLSearchParams decodes `+` and %XX as a form does, and never throws (a broken escape stays as typed).
  for (const [name, value] of new URLSearchParams(body)) fields.set(name, fields.has(name) ? null : value);
  return fields;
}

/** One token of JSON: a string, a number, a literal, or punctuation (each alternative starts differently, so no backtracking). */
const jsonToken = /\s*(?:("(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt]|\\u[0-9a-fA-F]{4})*")|(-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null)|([{}:,]))/y;

interface Token {
  kind: 'string' | 'number' | 'literal' | 'punct';
  text: string;
}

/**
 * A JSON object of scalars, its numbers kept as written (JSON.parse would turn `70000.00` into
 * 70000, and its source text is out of reach before Node 21). Null for anything else: nested
 * values, trailing text, broken JSON.
 */
function readFlatJson(body: string): ClickFields | null {
  const tokens: Token[] = [];
  jsonToken.lastIndex = 0;
  while (jsonToken.lastIndex < body.length) {
    const at = jsonToken.lastIndex;
    const match = jsonToken.exec(body);
    if (!match) {
      // Only whitespace may follow the last token.
      if (/^\s*$/.test(body.slice(at))) break;
      return null;
    }
    const [, string, number, literal, punct] = match;
    if (string !== undefined) tokens.push({ kind: 'string', text: string });
    else if (number !== undefined) tokens.push({ kind: 'number', text: number });
    else if (literal !== undefined) tokens.push({ kind: 'literal', text: literal });
    else tokens.push({ kind: 'punct', text: punct ?? '' });
  }
  const punct = (i: number, text: string) => tokens[i]?.kind === 'punct' && tokens[i]?.text === text;
  if (!punct(0, '{') || !punct(tokens.length - 1, '}')) return null;
  const fields = new Map<string, string | null>();
  // `{` then `"name": value` pairs separated by `,`, then `}`: four tokens a pair.
  for (let i = 1; i < tokens.length - 1; i += 4) {
    const name = tokens[i];
    const value = tokens[i + 2];
    if (name?.kind !== 'string' || !punct(i + 1, ':') || !value || value.kind === 'punct') return null;
    if (!(i + 3 === tokens.length - 1 || (punct(i + 3, ',') && i + 4 < tokens.length - 1))) return null;
    const key = JSON.parse(name.text) as string;
    const text = value.kind === 'string' ? (JSON.parse(value.text) as string) : value.kind === 'number' ? value.text : null;
    fields.set(key, fields.has(key) ? null : text);
  }
  return fields;
}
