import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import type { RJSFSchema, ValidatorType } from '@rjsf/utils';
import { generateSchemaModule, stepSchemaFile, stepValidators } from './vite-plugin-step-validators';

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

/** A stand-in for engine/step-validators.ts that the generated module registers with. */
const registry = join(scratch, 'registry.mjs');
writeFileSync(registry, 'export const registered = new Map();\nexport function registerStepValidator(schema, validator) { registered.set(schema, validator); }\n');
/** A stand-in for engine/step-formats.ts (TypeScript, which Node does not import): the same table shape. */
const formats = join(scratch, 'formats.mjs');
writeFileSync(formats, 'export const stepFormats = { date: { validate: (value) => /^\\d{4}-\\d{2}-\\d{2}$/.test(value) } };\n');

async function load(code: string): Promise<{ schema: RJSFSchema; validator: ValidatorType }> {
  const file = join(scratch, `v${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, code);
  const module = (await import(/* @vite-ignore */ pathToFileURL(file).href)) as { default: RJSFSchema };
  const { registered } = (await import(/* @vite-ignore */ pathToFileURL(registry).href)) as { registered: Map<object, ValidatorType> };
  const validator = registered.get(module.default);
  if (!validator) throw new Error('the module registered no validator for its schema');
  return { schema: module.default, validator };
}

describe('step schema modules', () => {
  const code = generateSchemaModule(schema, registry, formats);

  it('emits ESM without require, eval or new Function', () => {
    expect(code).not.toMatch(/\brequire\s*\(/);
    expect(code).not.toMatch(/new Function/);
    expect(code).not.toMatch(/\beval\s*\(/);
    expect(code).toMatch(/^import /m);
  });

  it('default-exports the schema and registers a validator that reports the errorMessage id', async () => {
    const { schema: exported, validator } = await load(code);
    expect(exported).toEqual(schema);
    expect(validator.validateFormData({ name: 'Vali', birthday: '1990-05-15', tags: ['x'] }, exported).errors).toEqual([]);
    const bad = validator.validateFormData({ name: 'Вали', birthday: '15.05.1990', tags: [] }, exported).errors;
    const byKeyword = Object.fromEntries(bad.map((e) => [e.name, e]));
    expect(byKeyword.errorMessage?.message).toBe('use_latin_alphabet');
    expect(byKeyword.format?.property).toBe('.birthday');
    expect(byKeyword.minItems).toBeDefined();
    expect(validator.validateFormData({}, exported).errors.map((e) => e.name)).toEqual(['required', 'required']);
  });

  it('takes step schemas under schemas/products and schemas/claims, never ui schemas or other JSON', () => {
    expect(stepSchemaFile.test('/repo/schemas/products/home/program.json')).toBe(true);
    expect(stepSchemaFile.test('/repo/schemas/claims/car/event.json')).toBe(true);
    expect(stepSchemaFile.test('/repo/schemas/claims/common/payout.ui.json')).toBe(false);
    expect(stepSchemaFile.test('/repo/schemas/products/home/program.ui.json')).toBe(false);
    expect(stepSchemaFile.test('/repo/schemas/claims/car/event.json')).toBe(true);
    expect(stepSchemaFile.test('/repo/schemas/claims/common/payout.ui.json')).toBe(false);
    expect(stepSchemaFile.test('/repo/schemas/api/home/save.request.json')).toBe(false);
    expect(stepSchemaFile.test('/repo/package.json')).toBe(false);
  });

  it('precompiles every claim step schema, whose validator says its own messages (a control character in a free text)', async () => {
    const files = readdirSync(resolve('schemas/claims'), { recursive: true, encoding: 'utf8' }).map((f) => resolve('schemas/claims', f)).filter((f) => stepSchemaFile.test(f));
    expect(files.length).toBeGreaterThan(15);
    for (const file of files) expect(() => generateSchemaModule(JSON.parse(readFileSync(file, 'utf8')) as RJSFSchema, registry, formats), file).not.toThrow();
    const { schema: event, validator } = await load(generateSchemaModule(JSON.parse(readFileSync(resolve('schemas/claims/car/event.json'), 'utf8')) as RJSFSchema, registry, formats));
    const good = { date: '2030-06-20', time: '14:30', place: 'Toshkent', description: 'A car hit the rear bumper of mine.' };
    expect(validator.validateFormData(good, event).errors).toEqual([]);
    expect(validator.validateFormData({ ...good, description: 'A car hit\u0000 the bumper.' }, event).errors.map((e) => e.message)).toEqual(['claim.error.text']);
  });

  it('the plugin resolves a step schema import to its generated module and loads it', async () => {
    const file = join(scratch, 'schemas', 'products', 'demo', 'person.json');
    const plugin = stepValidators();
    const context = {
      resolve: async (source: string) => ({ id: source.startsWith('/') ? source : join(scratch, source) }),
    };
    const resolveId = plugin.resolveId as (this: typeof context, source: string, importer?: string, options?: object) => Promise<string | null>;
    const id = await resolveId.call(context, file, '/repo/products/demo/definition.ts', {});
    expect(id).toBe(`\0step-schema:${file}.js`);
    expect(await resolveId.call(context, 'package.json', '/repo/x.ts', {})).toBeNull();
    expect(await resolveId.call(context, './step.ts', '/repo/x.ts', {})).toBeNull();

    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(schema));
    const watched: string[] = [];
    const loadHook = plugin.load as (this: { addWatchFile: (f: string) => void }, id: string) => string | null;
    const source = loadHook.call({ addWatchFile: (f) => watched.push(f) }, id as string);
    expect(watched).toEqual([file]);
    expect(source).toContain('registerStepValidator(schema');
    expect(loadHook.call({ addWatchFile: () => undefined }, file)).toBeNull();
  });
});
