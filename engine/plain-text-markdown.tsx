import { createElement, type ReactNode } from 'react';

/**
 * Replaces `markdown-to-jsx/react` (vite.config.ts alias): rjsf only renders markdown
 * for `ui:enableMarkdownInDescription`, which our schemas never set, and the real parser costs
 * tens of KB in every flow. Descriptions are shown as plain text.
 */
export function Markdown({ children }: { children?: ReactNode; options?: unknown }) {
  return createElement('span', null, children);
}
