import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { uiNames, unresolvedUiNames } from './registry-check';
import { loadArrayParts, loadWidgetsFor, onDemandWidgets, theme } from './theme';
import { ComboboxWidget } from './widgets/combobox-widget';
import { sampleDefinition } from './test-fixtures/sample-definition';
import { claimDefinition } from './test-fixtures/claim-definition';

function uiFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return uiFiles(full);
    return entry.endsWith('.ui.json') ? [full] : [];
  });
}

describe('widget registry', () => {
  it('offers the widgets and templates of the design', async () => {
    await Promise.all([loadArrayParts(), loadWidgetsFor([{ uiSchema: { programId: { 'ui:widget': 'program-cards' } } }])]);
    for (const name of ['passport', 'plate', 'phone', 'date', 'money', 'program-cards', 'code6', 'checkbox', 'select', 'radio', 'toggle-button']) {
      expect(theme.widgets[name], name).toBeDefined();
    }
    expect(theme.templates.persons).toBeDefined();
  });

  it('resolves every name used by the product and claim uiSchemas', () => {
    const files = ['products', 'claims'].flatMap((folder) => {
      const dir = resolve(process.cwd(), 'schemas', folder);
      return existsSync(dir) ? uiFiles(dir) : [];
    });
    for (const file of files) {
      const uiSchema: unknown = JSON.parse(readFileSync(file, 'utf8'));
      expect(unresolvedUiNames(uiSchema), file).toEqual([]);
    }
    for (const step of [...sampleDefinition.steps, ...claimDefinition.steps]) expect(unresolvedUiNames(step.uiSchema), step.id).toEqual([]);
  });

  it('loads a widget only some flows use with the flow whose steps name it, not before', async () => {
    expect(Object.keys(onDemandWidgets)).toEqual(['combobox', 'month', 'program-cards', 'country-multiselect']);
    expect(theme.widgets.combobox).toBeUndefined();
    await loadWidgetsFor([{ uiSchema: { phone: { 'ui:widget': 'phone' } } }]);
    expect(theme.widgets.combobox).toBeUndefined();
    await loadWidgetsFor([{}, { uiSchema: { car: { model: { 'ui:widget': 'combobox', 'ui:options': { optionsFrom: 'models' } } } } }]);
    expect(theme.widgets.combobox).toBe(ComboboxWidget);
  });

  it('finds nested names and reports unknown ones', () => {
    const uiSchema = {
      persons: {
        'ui:ArrayFieldTemplate': 'persons',
        items: { passport: { 'ui:widget': 'pasport' }, birthday: { 'ui:widget': 'date' }, extra: { 'ui:field': 'nope' } },
      },
      name: { 'ui:widget': 'text', 'ui:options': { widget: 'phone' } },
      kind: { 'ui:ObjectFieldTemplate': 'missing' },
    };
    expect(uiNames(uiSchema).map((n) => n.name)).toEqual(['persons', 'pasport', 'date', 'nope', 'text', 'phone', 'missing']);
    expect(unresolvedUiNames(uiSchema).map((n) => `${n.path} ${n.name}`)).toEqual([
      '/persons/items/passport pasport',
      '/persons/items/extra nope',
      '/kind missing',
    ]);
  });
});
