import type * as Support from './support';

export type FileSupport = typeof Support;

let loaded: FileSupport | null = null;

const fileFieldAnswers = new WeakMap<readonly object[], boolean>();

/**
 * Whether a step has a file field (`"ui:field": "file"`): only such flows keep files. Remembered per
 * steps list: the walk over every step's uiSchema is asked again by each part of a page's start.
 */
export function hasFileFields(steps: readonly { uiSchema?: unknown }[]): boolean {
  const known = fileFieldAnswers.get(steps);
  if (known !== undefined) return known;
  const walk = (node: unknown): boolean =>
    typeof node === 'object' && node !== null
    && Object.entries(node).some(([key, value]) => (key === 'ui:field' ? value === 'file' : walk(value)));
  const answer = steps.some((step) => walk(step.uiSchema));
  fileFieldAnswers.set(steps, answer);
  return answer;
}

/** Loads the file machinery (engine/files/support.ts), once; resolves when a flow with files can render. */
export async function loadFileSupport(): Promise<void> {
  loaded ??= await import('./support');
}

/** Loads the file machinery when `steps` have a file field. */
export async function loadFileSupportFor(steps: readonly { uiSchema?: unknown }[]): Promise<void> {
  if (hasFileFields(steps)) await loadFileSupport();
}

/** The file machinery once loaded; null before, when a flow without files is all the page has run. */
export const fileSupport = (): FileSupport | null => loaded;
