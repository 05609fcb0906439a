import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { generateValidatorModule, readStepSchemas, stepValidators } from './vite-plugin-step-validators';

const schema = {
  type: 'object',
  required: ['name', 'birthday'],
  properties: {
    name: {
      type: 'string',
      maxLength: 10,
      pattern: '^[A-Za-z]+$',
      errorMessage: { pattern: 'use_latin_alphabet' },
    },
    birthday: { type: 'string', format: 'date' },
    tags: { type: 'array', items: { enum: [{ a: 1 }, 'x'] }, minItems: 1 },
  },
} as RJSFSchema;

// Inside the project so the generated imports resolve from node_modules.
const scratch = mkdtempSync(join(resolve('node_modules'), '.step-validators-test-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

async function load(code: string): Promise<Record<string, ValidatorType>> {
  const file = join(scratch, `v${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, code);
  return ((await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default: Record<string, ValidatorType> }).default;
}

describe('step validators code generator', () => {
  const code = generateValidatorModule({ person: schema, other: { type: 'object', properties: { n: { type: 'number', minimum: 1 } } } });

  it('emits ESM without require, eval or new Function', () => {
    expect(code).not.toMatch(/\brequire\s*\(/);
    expect(code).not.toMatch(/new Function/);
    expect(code).not.toMatch(/\beval\s*\(/);
    expect(code).toMatch(/^import /m);
  });

  it('validates good data and reports bad data with the errorMessage id', async () => {
    const validators = await load(code);
    const person = validators.person;
    expect(person).toBeDefined();
    if (!person) return;
    expect(person.validateFormData({ name: 'Vali', birthday: '1990-05-15', tags: ['x'] }, schema).errors).toEqual([]);
    const bad = person.validateFormData({ name: 'Вали', birthday: '15.05.1990', tags: [] }, schema).errors;
    const byKeyword = Object.fromEntries(bad.map((e) => [e.name, e]));
    expect(byKeyword.errorMessage?.message).toBe('use_latin_alphabet');
    expect(byKeyword.format?.property).toBe('.birthday');
    expect(byKeyword.minItems).toBeDefined();
    const missing = person.validateFormData({}, schema).errors.map((e) => e.name);
    expect(missing).toEqual(['required', 'required']);
    expect(validators.other?.validateFormData({ n: 0 }, { type: 'object', properties: { n: { type: 'number', minimum: 1 } } }).errors[0]?.name).toBe('minimum');
  });

  it('the plugin resolves a product folder and skips ui schemas', async () => {
    const dir = join(scratch, 'products', 'demo');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'person.json'), JSON.stringify(schema));
    writeFileSync(join(dir, 'person.ui.json'), JSON.stringify({ name: { 'ui:widget': 'text' } }));
    expect(Object.keys(readStepSchemas(dir).schemas)).toEqual(['person']);
    const plugin = stepValidators({ productsDir: join(scratch, 'products') });
    const resolveId = plugin.resolveId as (id: string) => string | null;
    const id = resolveId('virtual:step-validators/demo');
    expect(id).toBe('\0virtual:step-validators/demo');
    expect(resolveId('./other')).toBeNull();
    const watched: string[] = [];
    const loadHook = plugin.load as (this: { addWatchFile: (f: string) => void }, id: string) => string | null;
    const source = loadHook.call({ addWatchFile: (f) => watched.push(f) }, id as string);
    expect(watched).toContain(join(dir, 'person.json'));
    const validators = await load(source as string);
    expect(Object.keys(validators)).toEqual(['person']);
  });
});
