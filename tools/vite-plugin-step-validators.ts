import { readFileSync } from 'node:fs';
import { isAbsolute } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { _ } from 'ajv';
import type { RJSFSchema } from '@rjsf/utils';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { stepValidatorOptions } from '../engine/validator-options';

/**
 * Ids of the generated modules that stand in for step schema files: prefix + absolute file path +
 * `.js`, so Vite's own JSON plugin (which claims every id ending in `.json`) leaves them alone.
 */
const PREFIX = '\0step-schema:';
const SUFFIX = '.js';
const registryModule = fileURLToPath(new URL('../engine/step-validators.ts', import.meta.url));
const formatsModule = fileURLToPath(new URL('../engine/step-formats.ts', import.meta.url));

/** The step forms' options, the generated code reading formats from `formats` (the engine's small table, not ajv-formats' whole one). */
const compileOptions = (formats: string) => ({ ...stepValidatorOptions, ajvOptionsOverrides: { code: { formats: _`require(${formats}).stepFormats` } } });

/**
 * Step form schemas: a purchase's `schemas/products/<product>/<step>.json` and a claim's
 * `schemas/claims/<family or common>/<step>.json`, never a `.ui.json`.
 */
export const stepSchemaFile = /[\\/]schemas[\\/](?:products|claims)[\\/][^\\/]+[\\/][^\\/]+(?<!\.ui)\.json$/;

/**
 * ajv standalone code is CommonJS (`require("ajv/dist/runtime/equal").default`). Each distinct
 * `require(...)` becomes a hoisted namespace import read through `__cjs`, which hands back what
 * `require` would: bundlers give a namespace whose `default` is `exports.default` (for `__esModule`
 * modules), Node gives one whose `default` is `module.exports`.
 */
const CJS_HELPER = `function __cjs(ns) {
  const d = ns.default;
  if (d && (typeof d === 'object' || typeof d === 'function') && d.__esModule) return d;
  if (ns.__esModule) return ns;
  return d === undefined ? ns : d;
}`;

const REQUIRE = /require\(("(?:[^"\\]|\\.)*")\)/g;

/** Node's ESM resolver wants the file extension on deep package paths (`ajv/dist/runtime/equal`). */
function withExtension(quoted: string): string {
  const spec = JSON.parse(quoted) as string;
  const deep = spec.split('/').length > (spec.startsWith('@') ? 2 : 1);
  return JSON.stringify(deep && !/\.[cm]?[jt]s$/.test(spec) ? `${spec}.js` : spec);
}

/**
 * A schema without its `$comment`s: notes for the reader of the schema file, which validation and
 * rendering ignore, so the browser is not sent them (twice: in the schema and in its validator).
 */
function withoutComments(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutComments);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => key !== '$comment').map(([key, child]) => [key, withoutComments(child)]));
}

/** The schema's precompiled rjsf validator functions as ES module lines: imports, then `const fns`. */
function validatorLines(schema: RJSFSchema, formats: string): string[] {
  const imports = new Map<string, string>();
  const code = compileSchemaValidatorsCode(schema, compileOptions(formats)).replace(REQUIRE, (_match, quoted: string) => {
    const spec = withExtension(quoted);
    let name = imports.get(spec);
    if (!name) {
      name = `__req${imports.size}`;
      imports.set(spec, name);
    }
    return name;
  });
  return [
    `import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';`,
    CJS_HELPER,
    ...[...imports].map(([spec, name], i) => `import * as __ns${i} from ${spec};\nconst ${name} = __cjs(__ns${i});`),
    // The standalone code declares top-level names of its own; a function scope keeps them apart.
    `const fns = (() => {\nconst exports = {};\n${code}\nreturn exports;\n})();`,
  ];
}

/**
 * The ES module that replaces a step schema file: its default export is the schema itself, less its
 * `$comment`s (what `import schema from './step.json'` gives everywhere else), and importing it
 * registers the schema's precompiled rjsf validator with the engine. The output contains no
 * `require`, `eval` or `new Function`, so it runs under a CSP without `unsafe-eval`.
 * `registry` and `formats` name the modules it registers with and takes its formats from. Throws when the schema does not compile.
 */
export function generateSchemaModule(source: RJSFSchema, registry = registryModule, formats = formatsModule): string {
  const schema = withoutComments(source) as RJSFSchema;
  return [
    `import { registerStepValidator } from ${JSON.stringify(registry)};`,
    ...validatorLines(schema, formats),
    `const schema = ${JSON.stringify(schema)};`,
    'registerStepValidator(schema, createPrecompiledValidator(fns, schema));',
    'export default schema;',
    '',
  ].join('\n');
}

/**
 * The schema module of the site's browser build: the schema, registering how to load its validator
 * (`validatorModule`, a chunk of its own), so a flow page carries its steps' schemas and fetches
 * each validator when it needs it.
 */
export function generateLazySchemaModule(source: RJSFSchema, validatorModule: string, registry = registryModule): string {
  const schema = withoutComments(source) as RJSFSchema;
  return [
    `import { registerStepValidatorLoader } from ${JSON.stringify(registry)};`,
    `const schema = ${JSON.stringify(schema)};`,
    `registerStepValidatorLoader(schema, () => import(${JSON.stringify(validatorModule)}));`,
    'export default schema;',
    '',
  ].join('\n');
}

/** The validator module a lazy schema module loads: a function making the validator for the schema. */
export function generateValidatorModule(source: RJSFSchema, formats = formatsModule): string {
  const schema = withoutComments(source) as RJSFSchema;
  return [...validatorLines(schema, formats), 'export default (schema) => createPrecompiledValidator(fns, schema);', ''].join('\n');
}

export interface StepValidatorsOptions {
  /** Which JSON files are form schemas; defaults to the step schemas under schemas/products and schemas/claims. */
  include?: RegExp[];
  /**
   * In a browser build (not the server's, nor tests'), each validator becomes a chunk of its own that
   * the engine loads when a step needs it (`loadStepValidator`), instead of coming with the schema.
   */
  lazy?: boolean;
}

/** The query that names a step schema's validator module (what a lazy schema module imports). */
const VALIDATOR_QUERY = '?step-validator';
const VALIDATOR_PREFIX = '\0step-validator:';

/**
 * Vite plugin: every import of a form schema file resolves to a generated module that is that
 * schema plus its precompiled validator (`generateSchemaModule`), so a product that reuses another
 * product's step schema gets the validator with it, and the browser never compiles a schema.
 */
export function stepValidators(options: StepValidatorsOptions = {}): Plugin {
  const include = options.include ?? [stepSchemaFile];
  let lazy = false;
  return {
    name: 'step-validators',
    enforce: 'pre',
    configResolved(config) {
      lazy = options.lazy === true && config.command === 'build' && !config.build.ssr;
    },
    async resolveId(source, importer, resolveOptions) {
      if (isAbsolute(source) && source.endsWith(VALIDATOR_QUERY)) return VALIDATOR_PREFIX + source.slice(0, -VALIDATOR_QUERY.length) + SUFFIX;
      if (!source.endsWith('.json') || !importer) return null;
      const resolved = await this.resolve(source, importer, { ...resolveOptions, skipSelf: true });
      if (!resolved || !include.some((pattern) => pattern.test(resolved.id))) return null;
      return PREFIX + resolved.id + SUFFIX;
    },
    load(id) {
      if (id.startsWith(VALIDATOR_PREFIX) && id.endsWith(SUFFIX)) {
        const file = id.slice(VALIDATOR_PREFIX.length, -SUFFIX.length);
        this.addWatchFile(file);
        return generateValidatorModule(JSON.parse(readFileSync(file, 'utf8')) as RJSFSchema);
      }
      if (!id.startsWith(PREFIX) || !id.endsWith(SUFFIX)) return null;
      const file = id.slice(PREFIX.length, -SUFFIX.length);
      this.addWatchFile(file);
      const schema = JSON.parse(readFileSync(file, 'utf8')) as RJSFSchema;
      return lazy ? generateLazySchemaModule(schema, file + VALIDATOR_QUERY) : generateSchemaModule(schema);
    },
  };
}
