/** Minimal server-rendered pages (sandbox checkout, policy verification): no script, CSP-clean. */
import { createHash } from 'node:crypto';

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
}

/** Tagged template that escapes every interpolated value unless it is already `Html`. */
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const piece = Array.isArray(value)
      ? value.map((v) => (v instanceof Html ? v.value : escapeHtml(String(v)))).join('')
      : value instanceof Html
        ? value.value
        : value === null || value === undefined || value === false
          ? ''
          : escapeHtml(String(value));
    out += piece + (strings[i + 1] ?? '');
  });
  return new Html(out);
}

const styles = `
  body { font: 16px/1.5 system-ui, sans-serif; margin: 0; background: #f3f5f8; color: #1a1d24; }
  main { max-width: 28rem; margin: 2rem auto; background: #fff; border-radius: 12px; padding: 1.5rem 1.75rem; box-shadow: 0 2px 12px rgb(0 0 0 / 8%); }
  h1 { font-size: 1.3rem; margin: 0 0 1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .35rem 1rem; margin: 0 0 1.25rem; }
  dt { color: #5b6270; } dd { margin: 0; font-weight: 600; }
  label { display: block; font-weight: 600; margin: .75rem 0 .25rem; }
  input { width: 100%; box-sizing: border-box; font: inherit; padding: .6rem .7rem; border: 1px solid #9aa1ad; border-radius: 8px; }
  input:focus, button:focus { outline: 3px solid #3b82f6; outline-offset: 2px; }
  button { margin-top: 1.25rem; width: 100%; font: inherit; font-weight: 700; padding: .75rem; border: 0; border-radius: 8px; background: #0b6bcb; color: #fff; cursor: pointer; }
  .error { background: #fdecec; color: #8a1111; border: 1px solid #f2b8b8; border-radius: 8px; padding: .6rem .8rem; }
  .ok { background: #e8f7ee; color: #11612f; border: 1px solid #a6dfbb; border-radius: 8px; padding: .6rem .8rem; }
  .hint { color: #5b6270; font-size: .875rem; }
  a { color: #0b6bcb; }
  h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
  section { border-top: 1px solid #d5d9e0; margin-top: 1.25rem; padding-top: 1rem; }
  form { margin: 0 0 1rem; }
  fieldset { border: 1px solid #9aa1ad; border-radius: 8px; margin: .75rem 0 0; padding: .25rem .75rem .5rem; }
  legend { font-weight: 600; padding: 0 .25rem; }
  label.check { display: flex; gap: .5rem; align-items: center; font-weight: 400; margin: .5rem 0; }
  label.check input { width: 1.25rem; height: 1.25rem; }
`;

/** The CSP source that allows exactly the pages' one inline style block and no other. */
export const pageStyleSource = `'sha256-${createHash('sha256').update(styles).digest('base64')}'`;

export function page(title: string, body: Html, lang = 'en'): string {
  return html`<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${new Html(styles)}</style>
</head>
<body><main>${body}</main></body>
</html>`.value;
}
