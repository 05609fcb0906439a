import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { RJSFSchema } from '@rjsf/utils';
import { compileSchemaValidatorsCode } from '@rjsf/validator-ajv8/compileSchemaValidators';
import { stepValidatorOptions } from '../engine/validator-options';

/** `import validators from 'virtual:step-validators/<productId>'` → `{ [stepId]: ValidatorType }`. */
export const VIRTUAL_PREFIX = 'virtual:step-validators/';
const RESOLVED_PREFIX = '\0' + VIRTUAL_PREFIX;

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
  return JSON.stringify(deep && !/\.[cm]?js$/.test(spec) ? `${spec}.js` : spec);
}

function identifier(stepId: string, index: number): string {
  return `step${index}_${stepId.replace(/[^A-Za-z0-9_$]/g, '_')}`;
}

/**
 * Builds the ES module source holding one precompiled rjsf validator per step schema. The output
 * contains no `require`, `eval` or `new Function`, so it runs under a CSP without `unsafe-eval`.
 * Throws when a schema does not compile.
 */
export function generateValidatorModule(schemas: Record<string, RJSFSchema>): string {
  const imports = new Map<string, string>();
  const blocks: string[] = [];
  const entries: string[] = [];
  Object.entries(schemas).forEach(([stepId, schema], index) => {
    const code = compileSchemaValidatorsCode(schema, stepValidatorOptions).replace(REQUIRE, (_match, quoted: string) => {
      const spec = withExtension(quoted);
      let name = imports.get(spec);
      if (!name) {
        name = `__req${imports.size}`;
        imports.set(spec, name);
      }
      return name;
    });
    const name = identifier(stepId, index);
    // Each step's standalone code declares top-level names of its own; a function scope keeps them apart.
    blocks.push(`const ${name}_fns = (() => {\nconst exports = {};\n${code}\nreturn exports;\n})();`);
    blocks.push(`const ${name}_schema = ${JSON.stringify(schema)};`);
    entries.push(`  ${JSON.stringify(stepId)}: createPrecompiledValidator(${name}_fns, ${name}_schema),`);
  });
  const importLines = [...imports].map(([spec, name], i) => `import * as __ns${i} from ${spec};\nconst ${name} = __cjs(__ns${i});`);
  return [
    `import createPrecompiledValidator from '@rjsf/validator-ajv8/lib/createPrecompiledValidator.js';`,
    CJS_HELPER,
    ...importLines,
    ...blocks,
    `export default {\n${entries.join('\n')}\n};`,
    '',
  ].join('\n');
}

/** Reads every `<stepId>.json` of a product's schema folder (skipping `*.ui.json`). Throws when the folder is missing. */
export function readStepSchemas(productDir: string): { schemas: Record<string, RJSFSchema>; files: string[] } {
  if (!existsSync(productDir)) throw new Error(`step validators: no schema folder ${productDir}`);
  const files = readdirSync(productDir)
    .filter((f) => f.endsWith('.json') && !f.endsWith('.ui.json'))
    .sort()
    .map((f) => join(productDir, f));
  const schemas: Record<string, RJSFSchema> = {};
  for (const file of files) {
    const stepId = file.slice(productDir.length + 1, -'.json'.length);
    schemas[stepId] = JSON.parse(readFileSync(file, 'utf8')) as RJSFSchema;
  }
  return { schemas, files };
}

export interface StepValidatorsOptions {
  /** Folder holding `<productId>/<stepId>.json`; defaults to `<project>/schemas/products`. */
  productsDir?: string;
}

/** Vite plugin resolving `virtual:step-validators/<productId>` to the product's precompiled step validators. */
export function stepValidators(options: StepValidatorsOptions = {}): Plugin {
  let productsDir = options.productsDir ?? '';
  return {
    name: 'step-validators',
    configResolved(config) {
      // vite.config.ts sets root to `site/`; schemas sit beside it at the project root.
      productsDir = options.productsDir ?? resolve(config.root, '..', 'schemas', 'products');
      if (!existsSync(productsDir)) productsDir = resolve(process.cwd(), 'schemas', 'products');
    },
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? RESOLVED_PREFIX + id.slice(VIRTUAL_PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const productId = id.slice(RESOLVED_PREFIX.length);
      if (!/^[a-z0-9-]+$/.test(productId)) throw new Error(`step validators: bad product id "${productId}"`);
      const dir = join(productsDir, productId);
      const { schemas, files } = readStepSchemas(dir);
      this.addWatchFile(dir);
      for (const file of files) this.addWatchFile(file);
      return generateValidatorModule(schemas);
    },
  };
}
