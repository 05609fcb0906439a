/**
 * `npx tsx tools/products-check.ts`: checks every product folder against the product contract
 * (docs/conventions.md "A product definition" and "Data first") and exits 1 naming each problem:
 * required files, schemas that compile, flat step schemas whose files match the definition,
 * registered widget names, guard/action names, and message ids in the uz, en and ru catalogs.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import ajvErrors from 'ajv-errors';
import addFormats from 'ajv-formats';
import type { ClaimDefinition, FlowData, ProductDefinition } from '../engine/definition';
import { arrayFieldTemplateNames, fieldNames, widgetNames } from '../engine/widget-names';
import {
  commonFieldProblems, definitionMessageIds, fileFieldProblems, flatnessProblems, machineProblems, missingMessages, parsePo,
  sourceMessageIds, stepProblems, uiNames, uiSchemaStrayKeys,
} from '../products/kit/testing/conformance';
import { filePartRules } from '../products/kit/api/multipart';
import { claimMessageIds, claimProblems } from '../products/kit/testing/claim-conformance';
import { claimRefusalKeys } from '../products/kit/claims/claim-filing';
import { claimSample } from '../products/kit/claims/samples';
import { claimMessageAreas } from '../products/kit/site/claim-areas';

const root = fileURLToPath(new URL('..', import.meta.url));
const locales = ['uz', 'en', 'ru'];
const problems: string[] = [];
const report = (where: string, problem: string) => problems.push(`${where}: ${problem}`);

const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const jsonFiles = (dir: string): string[] => (existsSync(dir)
  ? readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return jsonFiles(path);
    return name.endsWith('.json') ? [path] : [];
  })
  : []);

function stepAjv(): Ajv {
  const ajv = new Ajv({ allErrors: true, strict: true });
  addFormats(ajv);
  ajvErrors(ajv);
  return ajv;
}

function compiles(ajv: Ajv, file: string) {
  try {
    ajv.compile(readJson(file) as object);
  } catch (error) {
    report(relative(root, file), `does not compile: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Which product's folder holds a step schema file with exactly this content, or null. */
function schemaOwner(stepId: string, schema: unknown): string | null {
  const dir = join(root, 'schemas', 'products');
  const owners = existsSync(dir) ? readdirSync(dir) : [];
  return owners.find((owner) => {
    const file = join(dir, owner, `${stepId}.json`);
    return existsSync(file) && JSON.stringify(readJson(file)) === JSON.stringify(schema);
  }) ?? null;
}

function isDefinition(value: unknown, id: string): value is ProductDefinition<FlowData, unknown> {
  return typeof value === 'object' && value !== null && (value as { id?: unknown }).id === id
    && Array.isArray((value as { steps?: unknown }).steps);
}

/** Widgets and fields a uiSchema names that the engine does not register. */
function reportUnregistered(at: string, ui: unknown) {
  const names = uiNames(ui);
  for (const [widget, pointer] of names.widgets) {
    if (!(widgetNames as readonly string[]).includes(widget)) report(at, `${pointer || '/'} uses unregistered widget "${widget}" (engine/widget-names.ts)`);
  }
  for (const [field, pointer] of names.fields) {
    if (!(fieldNames as readonly string[]).includes(field)) report(at, `${pointer || '/'} uses unregistered field "${field}" (engine/widget-names.ts)`);
  }
}

/** Files every product folder has (docs/conventions.md "A product definition"); a variant may borrow the rest from its base product. */
const requiredFiles = ['product.ts', 'definition.ts', 'sale.ts', 'samples.ts'];

async function checkProduct(id: string, catalogs: Record<string, Map<string, string>>) {
  const folder = join(root, 'products', id);
  const schemaDir = join(root, 'schemas', 'products', id);
  const missing = [...requiredFiles, `${id}.test.ts`].filter((file) => !existsSync(join(folder, file)));
  for (const file of missing) report(`products/${id}`, `missing products/${id}/${file}`);
  if (missing.includes('definition.ts')) return;

  const module = (await import(pathToFileURL(join(folder, 'definition.ts')).href)) as Record<string, unknown>;
  const definition = module.default;
  if (!isDefinition(definition, id)) {
    report(`products/${id}/definition.ts`, `has no default export of a product definition with id "${id}"`);
    return;
  }
  const where = `products/${id}`;
  for (const problem of [...stepProblems(definition), ...machineProblems(definition)]) report(where, problem);

  const ajv = stepAjv();
  const files = existsSync(schemaDir) ? readdirSync(schemaDir).filter((f) => f.endsWith('.json')) : [];
  for (const file of files.filter((f) => !f.endsWith('.ui.json'))) compiles(ajv, join(schemaDir, file));
  const formSteps = definition.steps.filter((s) => (s.component ?? 'form') === 'form');
  for (const file of files) {
    const stepId = file.replace(/(\.ui)?\.json$/, '');
    if (!formSteps.some((s) => s.id === stepId)) report(`schemas/products/${id}/${file}`, `no form step "${stepId}" uses it`);
  }
  for (const step of formSteps) {
    // Validators are precompiled from step schema files: a step's schema must be one (its own, or its base product's).
    const owner = schemaOwner(step.id, step.schema);
    const at = `products/${id} step "${step.id}"`;
    if (!owner) report(at, `its schema is not the content of any schemas/products/<product>/${step.id}.json`);
    for (const problem of [
      ...flatnessProblems(step.schema, ''), ...commonFieldProblems(step.schema, ''), ...uiSchemaStrayKeys(step.schema, step.uiSchema, ''),
      ...fileFieldProblems(step.schema, step.uiSchema, ''),
    ]) report(at, problem);
    if (owner && existsSync(join(root, 'schemas', 'products', owner, `${step.id}.ui.json`))
      && JSON.stringify(readJson(join(root, 'schemas', 'products', owner, `${step.id}.ui.json`))) !== JSON.stringify(step.uiSchema ?? {})) {
      report(at, `its uiSchema is not schemas/products/${owner}/${step.id}.ui.json`);
    }
    reportUnregistered(at, step.uiSchema);
    const names = uiNames(step.uiSchema);
    for (const [template, pointer] of names.templates) {
      if (!(arrayFieldTemplateNames as readonly string[]).includes(template)) report(at, `${pointer || '/'} uses unregistered array template "${template}"`);
    }
  }

  const ids = definitionMessageIds(definition);
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    ids.push(...sourceMessageIds(readFileSync(join(folder, file), 'utf8'), id));
  }
  for (const problem of missingMessages(ids, catalogs)) report(`${where} messages`, problem);
}

function isClaim(value: unknown, id: string): value is ClaimDefinition<FlowData, unknown> {
  return isDefinition(value, id) && (value as { kind?: unknown }).kind === 'claim';
}

/** A product's insurance-event form (`claim.ts`): its declaration, its schemas as the schemas/claims files hold them, its messages. */
async function checkClaim(id: string, areas: Record<string, Map<string, Map<string, string>>>) {
  const file = join(root, 'products', id, 'claim.ts');
  const where = `products/${id}/claim.ts`;
  if (!existsSync(file)) {
    report(where, 'missing: every product takes claims');
    return;
  }
  const claim = ((await import(pathToFileURL(file).href)) as Record<string, unknown>).default;
  if (!isClaim(claim, id)) {
    report(where, `has no default export of a claim definition with id "${id}"`);
    return;
  }
  const catalog = { signedIn: true, policies: [] };
  for (const problem of claimProblems(claim, catalog)) report(where, problem);
  for (const step of claim.steps.filter((s) => (s.component ?? 'form') === 'form')) {
    // The build precompiles a claim step's validator from its file: the family's, or the common one.
    const owner = [claim.family, 'common'].find((folder) => existsSync(join(root, 'schemas', 'claims', folder, `${step.id}.json`))
      && JSON.stringify(readJson(join(root, 'schemas', 'claims', folder, `${step.id}.json`))) === JSON.stringify(step.schema));
    if (!owner) report(`${where} step "${step.id}"`, `its schema is not the content of schemas/claims/${claim.family}/${step.id}.json nor of schemas/claims/common/${step.id}.json`);
    reportUnregistered(`${where} step "${step.id}"`, step.uiSchema);
  }
  const sample = claimSample(id, { number: 'OSG 2030000042', passport: 'AA1234567', birthday: '1990-05-15' });
  // A claim page loads the site's and the engine's areas, the products' names (with the summary above its consent),
  // its own (products/kit/site/claim-areas.ts) and those its steps load with them; none of another family's.
  const stepAreas = claim.steps.flatMap((step) => step.messageAreas ?? []);
  const shown = (area: string) => ['site', 'products'].includes(area) || /^engine(-[a-z]+)?$/.test(area) || [...claimMessageAreas(id), ...stepAreas].includes(area);
  const catalogs = Object.fromEntries(Object.entries(areas).map(([locale, byArea]) => [locale, new Map([...byArea].filter(([area]) => shown(area)).flatMap(([, messages]) => [...messages]))]));
  for (const problem of missingMessages(claimMessageIds(claim, catalog, [sample], claimRefusalKeys), catalogs)) report(`${where} messages`, problem);
}

async function main() {
  // Each language's catalogs by area (`locales/<lang>/<area>.po`), and all of them merged.
  const areas = Object.fromEntries(locales.map((locale) => {
    const dir = join(root, 'locales', locale);
    if (!existsSync(dir)) report('locales', `missing folder locales/${locale}`);
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.po')) : [];
    return [locale, new Map(files.map((file) => [file.slice(0, -'.po'.length), parsePo(readFileSync(join(dir, file), 'utf8'))]))];
  }));
  const catalogs = Object.fromEntries(Object.entries(areas).map(([locale, byArea]) => [locale, new Map([...byArea.values()].flatMap((messages) => [...messages]))]));

  const commonAjv = stepAjv();
  for (const file of jsonFiles(join(root, 'schemas', 'common'))) compiles(commonAjv, file);
  // The server compiles these with plain ajv 8 + ajv-formats (no ajv-errors, no custom keywords).
  const apiAjv = new Ajv({ allErrors: true, strict: true });
  addFormats(apiAjv);
  for (const file of jsonFiles(join(root, 'schemas', 'api'))) {
    compiles(apiAjv, file);
    // A multipart save's file parts carry their rules: the types it takes and its largest size.
    for (const [part, rule] of Object.entries(filePartRules(readJson(file)))) {
      if (rule.types.length === 0 || rule.maxBytes <= 0) report(relative(root, file), `file part "${part}" needs a mimetype enum and a size maximum`);
    }
  }

  // Every folder of products/ is a product but kit/, the code they share: a product folder that lost its product.ts is named, not skipped.
  const products = readdirSync(join(root, 'products')).filter((name) => name !== 'kit' && statSync(join(root, 'products', name)).isDirectory()).sort();
  for (const id of products) await checkProduct(id, catalogs);
  for (const id of products) await checkClaim(id, areas);
  const claimAjv = stepAjv();
  for (const file of jsonFiles(join(root, 'schemas', 'claims')).filter((f) => !f.endsWith('.ui.json'))) compiles(claimAjv, file);
  for (const id of existsSync(join(root, 'schemas', 'products')) ? readdirSync(join(root, 'schemas', 'products')) : []) {
    if (!products.includes(id)) report(`schemas/products/${id}`, `no products/${id} folder`);
  }

  if (problems.length > 0) {
    console.error(`products-check: ${problems.length} problem(s)\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    process.exit(1);
  }
  console.log(`products-check: ${products.length} product(s) and their claims OK (${products.join(', ')})`);
}

await main();
