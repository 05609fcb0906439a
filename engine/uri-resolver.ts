/**
 * Replaces `fast-uri` in the browser build (vite.config.ts alias). @rjsf/utils needs it only to
 * resolve `$ref`s against a schema's `$id` (JSON Schema 2020-12 bundles); step forms carry no `$id`
 * (uri-resolver.test.ts checks every one), so the browser's own URL parser answers the two questions
 * rjsf asks, and the 7.6 KB gzip of a full RFC 3986 library stay out of every flow page.
 */

// Relative bases resolve against a root of no real host, taken off again afterwards.
const root = 'https://rjsf.invalid';

/** `ref` resolved against `baseUri`. */
function resolve(baseUri: string, ref: string): string {
  const href = new URL(ref, new URL(baseUri, `${root}/`)).href;
  return href.startsWith(`${root}/`) ? href.slice(root.length) : href;
}

/** Whether two URIs name the same resource once resolved. */
function equal(a: string, b: string): boolean {
  return resolve('', a) === resolve('', b);
}

export default { resolve, equal };
