import { expect, test } from 'vitest';
import { registeredProducts } from '../testing/product-tests';
import { latestStartDays, latestTripStartDays } from './start-window';

/** Every first day of cover a step asks for, with the `max` its date field takes. */
function startFields(uiSchema: unknown, path: string[] = []): { path: string; max: unknown }[] {
  if (!uiSchema || typeof uiSchema !== 'object') return [];
  return Object.entries(uiSchema as Record<string, unknown>).flatMap(([key, value]) => {
    if (key.startsWith('ui:') || !value || typeof value !== 'object') return [];
    const ui = value as Record<string, unknown>;
    if ((key === 'beginDate' || key === 'startDate') && ui['ui:widget'] === 'date') {
      return [{ path: [...path, key].join('.'), max: (ui['ui:options'] as Record<string, unknown> | undefined)?.max }];
    }
    return startFields(value, [...path, key]);
  });
}

test('the page takes a first day of cover as far ahead as the server sells it, in every product', () => {
  const found: string[] = [];
  for (const { manifest, definition } of registeredProducts()) {
    for (const step of definition.steps) {
      for (const field of startFields(step.uiSchema, [step.id])) {
        found.push(`${manifest.id}:${field.path}`);
        // Casco's window is its tariff's (startWithinDays), said by its own rule.
        if (manifest.id === 'casco') continue;
        const days = manifest.id === 'travel' ? latestTripStartDays : latestStartDays;
        expect(field.max, `${manifest.id} ${field.path}`).toBe(`today+${days}`);
      }
    }
  }
  // Every product sold with a first day of cover has one: a new product's is checked without a line here.
  expect(found.length).toBeGreaterThanOrEqual(15);
});
