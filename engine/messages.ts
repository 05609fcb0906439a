import type { I18n } from '@lingui/core';
import { englishStringTranslator, TranslatableString, type ErrorSchema } from '@rjsf/utils';
import type { FieldErrors } from './definition';
import { pathSegments } from './paths';

const RJSF_STRINGS: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: 'engine.array.item',
  [TranslatableString.EmptyArray]: 'engine.array.empty',
  [TranslatableString.YesLabel]: 'engine.yes',
  [TranslatableString.NoLabel]: 'engine.no',
  [TranslatableString.CloseLabel]: 'engine.modal.close',
  [TranslatableString.ErrorsLabel]: 'engine.errors',
  [TranslatableString.AddButton]: 'engine.array.add',
  [TranslatableString.AddItemButton]: 'engine.array.add',
  [TranslatableString.RemoveButton]: 'engine.array.remove',
};

/** rjsf `translateString` through Lingui; strings our theme never shows keep rjsf's English. */
export function createTranslateString(i18n: I18n) {
  return (key: TranslatableString, params?: string[]): string => {
    const id = RJSF_STRINGS[key];
    return id ? i18n._(id) : englishStringTranslator(key, params);
  };
}

/** A step's field errors (`/persons/1/firstName` → id) as an rjsf ErrorSchema with translated messages. */
export function fieldErrorsToErrorSchema(errors: FieldErrors[string] | undefined, i18n: I18n): ErrorSchema | undefined {
  if (!errors || Object.keys(errors).length === 0) return undefined;
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(errors)) {
    let node = root;
    for (const segment of pathSegments(path)) {
      node[segment] = (node[segment] as Record<string, unknown> | undefined) ?? {};
      node = node[segment] as Record<string, unknown>;
    }
    const text = typeof message === 'string' ? i18n._(message) : i18n._(message.id, message.values);
    node.__errors = [...((node.__errors as string[] | undefined) ?? []), text];
  }
  return root as ErrorSchema;
}
