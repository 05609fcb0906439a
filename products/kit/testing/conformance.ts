import { formatter } from '@lingui/format-po';
import type { CatalogType } from '@lingui/conf';
import type { FlowData, MessageId, ProductDefinition } from '../../../engine/definition';
import passportShape from '../../../schemas/common/passport.json';
import phoneShape from '../../../schemas/common/phone.json';
import dateShape from '../../../schemas/common/date.json';
import pinflShape from '../../../schemas/common/pinfl.json';
import latinNameShape from '../../../schemas/common/latin-name.json';
import plateShape from '../../../schemas/common/plate.json';
import techPassportShape from '../../../schemas/common/tech-passport.json';
import innShape from '../../../schemas/common/inn.json';
import { isRecord } from '../../../engine/is-record';

/**
 * Pure inspections of a product definition, shared by the conformance suite (product-tests.ts)
 * and `tools/products-check.ts`. Each returns a list of problems, empty when the definition is fine,
 * so both callers can name every problem at once.
 */

type Json = unknown;
type AnyDefinition = ProductDefinition<FlowData, unknown>;

/** What a purchase and a claim both declare: steps, their data and rules, the calls the steps name (an insurance event's form is checked as a purchase's is). */
export type DeclaredFlow = Pick<AnyDefinition, 'title' | 'steps' | 'initialData' | 'machine' | 'reset' | 'preset'> & { binding: { calls?: Record<string, unknown> } };

/** Spec error keys (§5, §8) and our own undotted ids; every other message id is dotted. */
export const plainMessageIds: readonly string[] = [
  'use_latin_alphabet', 'datas_not_found', 'maybe-data-is-incorrect', 'payment_not_made',
  'startdate_cant_be_more_than_enddate', 'for_only_individuals', 'wrong_inn', 'alert-modal-text',
  'fault_on_driver_data', 'network_error',
];

/** Whether a label is a message id (as opposed to a plain value such as a country code or a server's name). */
export function isMessageId(label: string): boolean {
  return plainMessageIds.includes(label) || /^[a-z][a-z0-9_-]*(\.[a-z0-9_-]+)+$/.test(label);
}

/** Visits every subschema with its JSON pointer. */
export function walkSchema(schema: Json, visit: (node: Record<string, unknown>, pointer: string) => void, pointer = ''): void {
  if (!isRecord(schema)) return;
  visit(schema, pointer);
  for (const key of ['properties', 'patternProperties', 'definitions', '$defs']) {
    const children = schema[key];
    if (isRecord(children)) {
      for (const [name, child] of Object.entries(children)) walkSchema(child, visit, `${pointer}/${key}/${name}`);
    }
  }
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames']) {
    if (isRecord(schema[key])) walkSchema(schema[key], visit, `${pointer}/${key}`);
  }
  for (const key of ['allOf', 'anyOf', 'oneOf']) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((child, i) => walkSchema(child, visit, `${pointer}/${key}/${i}`));
  }
}

/** Step schemas stay flat (rjsf merges allOf/oneOf on every keystroke) and bound their arrays. */
export function flatnessProblems(schema: Json, where: string): string[] {
  const problems: string[] = [];
  walkSchema(schema, (node, pointer) => {
    for (const key of ['allOf', 'anyOf', 'oneOf', 'if', 'not', '$ref']) {
      if (key in node) problems.push(`${where}${pointer}: "${key}" makes the step schema non-flat`);
    }
    // The browser build draws no key-renaming rows (engine/rjsf-registry.ts).
    if (node.additionalProperties !== undefined && node.additionalProperties !== false) problems.push(`${where}${pointer}: "additionalProperties" makes the step schema non-flat`);
    if (node.type === 'array' && typeof node.maxItems !== 'number') problems.push(`${where}${pointer}: array without maxItems`);
    if (node.type === 'string' && node.enum === undefined && node.format === undefined && typeof node.maxLength !== 'number') {
      problems.push(`${where}${pointer}: string without maxLength`);
    }
  });
  return problems;
}

/** Message ids a schema shows: title, description and errorMessage texts. */
export function schemaMessageIds(schema: Json): string[] {
  const ids: string[] = [];
  walkSchema(schema, (node) => {
    for (const key of ['title', 'description']) if (typeof node[key] === 'string') ids.push(node[key] as string);
    const collect = (value: unknown): void => {
      if (typeof value === 'string') ids.push(value);
      else if (Array.isArray(value)) value.forEach(collect);
      else if (isRecord(value)) Object.values(value).forEach(collect);
    };
    collect(node.errorMessage);
  });
  return ids;
}

/** Visits every object of a uiSchema. */
function walkUi(ui: Json, visit: (node: Record<string, unknown>, pointer: string) => void, pointer = ''): void {
  if (!isRecord(ui)) return;
  visit(ui, pointer);
  for (const [key, child] of Object.entries(ui)) {
    if (!key.startsWith('ui:')) walkUi(child, visit, `${pointer}/${key}`);
  }
}

/** Message ids a uiSchema shows (`ui:enumNames`, `ui:title`, `ui:description`, `ui:help`, `ui:placeholder`). */
export function uiMessageIds(ui: Json): string[] {
  const ids: string[] = [];
  walkUi(ui, (node) => {
    const names = node['ui:enumNames'];
    if (Array.isArray(names)) ids.push(...names.filter((n): n is string => typeof n === 'string'));
    for (const key of ['ui:title', 'ui:description', 'ui:help', 'ui:placeholder']) {
      if (typeof node[key] === 'string') ids.push(node[key] as string);
    }
  });
  return ids;
}

/** Names a uiSchema refers to: widgets, custom fields, array templates and `optionsFrom` lists, each with its pointer. */
export function uiNames(ui: Json): { widgets: [string, string][]; fields: [string, string][]; templates: [string, string][]; optionsFrom: [string, string][] } {
  const found = { widgets: [] as [string, string][], fields: [] as [string, string][], templates: [] as [string, string][], optionsFrom: [] as [string, string][] };
  walkUi(ui, (node, pointer) => {
    if (typeof node['ui:widget'] === 'string') found.widgets.push([node['ui:widget'], pointer]);
    if (typeof node['ui:field'] === 'string') found.fields.push([node['ui:field'], pointer]);
    if (typeof node['ui:ArrayFieldTemplate'] === 'string') found.templates.push([node['ui:ArrayFieldTemplate'], pointer]);
    const options = node['ui:options'];
    if (isRecord(options) && typeof options.optionsFrom === 'string') found.optionsFrom.push([options.optionsFrom, pointer]);
  });
  return found;
}

/** uiSchema keys that name no property of the schema (typos render nothing, silently). */
export function uiSchemaStrayKeys(schema: Json, ui: Json, where: string, pointer = ''): string[] {
  if (!isRecord(ui) || !isRecord(schema)) return [];
  const problems: string[] = [];
  const properties = isRecord(schema.properties) ? schema.properties : {};
  for (const [key, child] of Object.entries(ui)) {
    if (key.startsWith('ui:')) {
      if (key === 'ui:order' && Array.isArray(child)) {
        for (const name of child) if (name !== '*' && !(String(name) in properties)) problems.push(`${where}${pointer}: ui:order names unknown "${name}"`);
      }
      continue;
    }
    if (key === 'items' && schema.type === 'array') problems.push(...uiSchemaStrayKeys(schema.items, child, where, `${pointer}/items`));
    else if (key in properties) problems.push(...uiSchemaStrayKeys(properties[key], child, where, `${pointer}/${key}`));
    else problems.push(`${where}${pointer}: uiSchema key "${key}" is not a property of the schema`);
  }
  return problems;
}

/** Whether a `show` key (`step.a.b`, `step.rows[].field`) walks real properties of a form step's schema. */
function showKeyResolves(definition: DeclaredFlow, key: string): boolean {
  const [stepId, ...segments] = key.split('.');
  let node: unknown = definition.steps.find((s) => s.id === stepId && (s.component ?? 'form') === 'form')?.schema;
  if (node === undefined || segments.length === 0) return false;
  for (const segment of segments) {
    const rows = segment.endsWith('[]');
    const name = rows ? segment.slice(0, -2) : segment;
    const properties = isRecord(node) && isRecord(node.properties) ? node.properties : {};
    node = properties[name];
    if (!isRecord(node)) return false;
    if (rows) {
      if (node.type !== 'array' || !isRecord(node.items)) return false;
      node = node.items;
    }
  }
  return !segments.at(-1)?.endsWith('[]');
}

/** Every guard and action named in `machine` exists, every defined one is used, and names point at real steps and fields. */
export function machineProblems(definition: DeclaredFlow): string[] {
  const problems: string[] = [];
  const { skip = {}, onChange = {}, guards, actions } = definition.machine;
  const steps = new Map(definition.steps.map((s) => [s.id, s]));
  for (const [step, guard] of Object.entries(skip)) {
    if (!steps.has(step)) problems.push(`machine.skip names unknown step "${step}"`);
    if (!(guard in guards)) problems.push(`machine.skip.${step} names undefined guard "${guard}"`);
  }
  for (const [key, action] of Object.entries(onChange)) {
    const [stepId, field, ...rest] = key.split('.');
    const step = stepId === undefined ? undefined : steps.get(stepId);
    const properties = isRecord(step?.schema) && isRecord(step.schema.properties) ? step.schema.properties : {};
    if (!step || field === undefined || rest.length > 0 || !(field in properties)) {
      problems.push(`machine.onChange key "${key}" is not "<step>.<top-level field>" of a form step`);
    }
    if (!(action in actions)) problems.push(`machine.onChange["${key}"] names undefined action "${action}"`);
  }
  for (const kind of ['show', 'lock'] as const) {
    for (const [key, guard] of Object.entries(definition.machine[kind] ?? {})) {
      if (!showKeyResolves(definition, key)) problems.push(`machine.${kind} key "${key}" is not "<step>.<field>" or "<step>.<array>[].<field>" of a form step`);
      if (!(guard in guards)) problems.push(`machine.${kind}["${key}"] names undefined guard "${guard}"`);
    }
  }
  const usedGuards = new Set([...Object.values(skip), ...Object.values(definition.machine.show ?? {}), ...Object.values(definition.machine.lock ?? {})]);
  const usedActions = new Set(Object.values(onChange));
  for (const name of Object.keys(guards)) if (!usedGuards.has(name)) problems.push(`guard "${name}" is defined but never named`);
  for (const name of Object.keys(actions)) if (!usedActions.has(name)) problems.push(`action "${name}" is defined but never named`);
  return problems;
}

/** Step list rules: unique ids, a schema on every form step, submit on a form step, hidden steps after visible ones. */
export function stepProblems(definition: DeclaredFlow): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  let hiddenSeen = false;
  for (const step of definition.steps) {
    if (seen.has(step.id)) problems.push(`step id "${step.id}" is used twice`);
    seen.add(step.id);
    const component = step.component ?? 'form';
    if (component === 'form' && !step.schema) problems.push(`form step "${step.id}" has no schema`);
    if (component !== 'form' && step.schema) problems.push(`step "${step.id}" (${component}) should not carry a schema`);
    if (step.submit && component !== 'form') problems.push(`step "${step.id}" submits but is not a form`);
    if (step.call && component !== 'form') problems.push(`step "${step.id}" makes a call but is not a form`);
    if (step.call && !definition.binding.calls?.[step.call]) problems.push(`step "${step.id}" names call "${step.call}", which the binding does not define`);
    if (step.hidden) hiddenSeen = true;
    else if (hiddenSeen) problems.push(`visible step "${step.id}" follows a hidden step`);
  }
  for (const step of definition.steps.filter((s) => (s.component ?? 'form') === 'form')) {
    if (!isRecord(definition.initialData[step.id])) problems.push(`initialData has no object for form step "${step.id}"`);
  }
  if (!definition.steps.some((s) => s.submit === 'save')) problems.push('no step submits the save call');
  for (const stepId of definition.reset?.steps ?? []) {
    if (!definition.steps.some((s) => s.id === stepId && (s.component ?? 'form') === 'form')) problems.push(`reset names "${stepId}", which is not a form step`);
  }
  for (const [stepId, fixed] of Object.entries(definition.preset ?? {})) {
    const step = definition.steps.find((s) => s.id === stepId && (s.component ?? 'form') === 'form');
    const properties = isRecord(step?.schema) && isRecord(step.schema.properties) ? step.schema.properties : {};
    if (!step) problems.push(`preset names "${stepId}", which is not a form step`);
    for (const field of Object.keys(fixed ?? {})) if (step && !(field in properties)) problems.push(`preset fixes "${stepId}.${field}", which is not a field of its schema`);
  }
  return problems;
}

/** Message ids used by the definition's own data: titles, schema texts and uiSchema labels. */
export function definitionMessageIds(definition: DeclaredFlow): string[] {
  const ids: MessageId[] = [definition.title, ...(definition.reset ? [definition.reset.label] : [])];
  for (const step of definition.steps) {
    ids.push(step.title, ...(step.description ? [step.description] : []), ...schemaMessageIds(step.schema), ...uiMessageIds(step.uiSchema));
  }
  return ids;
}

/** Message ids quoted literally in a source file: `'<prefix>.…'` strings and the undotted spec keys. */
export function sourceMessageIds(source: string, prefix: string): string[] {
  const ids = new Set<string>();
  const dotted = new RegExp(`['"\`](${prefix}\\.[a-z0-9_.-]*[a-z0-9_])['"\`]`, 'g');
  for (const match of source.matchAll(dotted)) ids.add(match[1] as string);
  for (const key of plainMessageIds) if (new RegExp(`['"\`]${key}['"\`]`).test(source)) ids.add(key);
  return [...ids];
}

const poFormat = formatter({ explicitIdAsDefault: true });

/** msgid → msgstr of a PO catalog, read by Lingui's own PO format (ids are explicit, as ours are). */
export function parsePo(text: string): Map<string, string> {
  const catalog = poFormat.parse(text, { locale: null, sourceLocale: 'en', filename: 'catalog.po' }) as CatalogType;
  return new Map(Object.entries(catalog).map(([id, entry]) => [id, entry.translation ?? '']));
}

/** Ids missing (or translated as an empty string) per locale. */
export function missingMessages(ids: Iterable<string>, catalogs: Record<string, Map<string, string>>): string[] {
  const problems: string[] = [];
  const unique = [...new Set(ids)].sort();
  for (const [locale, catalog] of Object.entries(catalogs)) {
    const missing = unique.filter((id) => !catalog.get(id));
    if (missing.length > 0) problems.push(`${locale}: missing ${missing.join(', ')}`);
  }
  return problems;
}

/** Node of a schema at a uiSchema pointer (`/pet/photo` → `properties.pet.properties.photo`, `items` for rows). */
function schemaAt(schema: Json, pointer: string): Record<string, unknown> | null {
  let node: unknown = schema;
  for (const segment of pointer.split('/').filter(Boolean)) {
    if (!isRecord(node)) return null;
    node = segment === 'items' ? node.items : isRecord(node.properties) ? node.properties[segment] : undefined;
  }
  return isRecord(node) ? node : null;
}

/**
 * A file field (`"ui:field": "file"`) holds a FileRef: an object of exactly `id`, `name`, `type`
 * (an enum of the types it takes, read from the content) and `size` (with its maximum), all four
 * required through `minProperties: 4` (rjsf fills an empty object in, which must not pass).
 */
export function fileFieldProblems(schema: Json, ui: Json, where: string): string[] {
  const problems: string[] = [];
  for (const [name, pointer] of uiNames(ui).fields) {
    if (name !== 'file') continue;
    const node = schemaAt(schema, pointer);
    const properties = node && isRecord(node.properties) ? node.properties : {};
    const type = isRecord(properties.type) ? properties.type : {};
    const size = isRecord(properties.size) ? properties.size : {};
    const ok = node?.type === 'object' && sameJson(Object.keys(properties).sort(), ['id', 'name', 'size', 'type'])
      && Array.isArray(type.enum) && type.enum.length > 0 && typeof size.maximum === 'number' && size.minimum === 1
      && node.minProperties === 4 && node.additionalProperties === false;
    if (!ok) problems.push(`${where}${pointer}: a file field's schema is a FileRef { id, name, type (enum), size (minimum 1, maximum) } with minProperties 4 and no other properties`);
  }
  return problems;
}

/** Which schemas/common shape a property of that name must carry (schemas/common/README.md). */
export const commonShapes: Record<string, { file: string; shape: Record<string, unknown> }> = {
  passport: { file: 'passport.json', shape: passportShape },
  phone: { file: 'phone.json', shape: phoneShape },
  birthday: { file: 'date.json', shape: dateShape },
  beginDate: { file: 'date.json', shape: dateShape },
  endDate: { file: 'date.json', shape: dateShape },
  pinfl: { file: 'pinfl.json', shape: pinflShape },
  firstName: { file: 'latin-name.json', shape: latinNameShape },
  lastName: { file: 'latin-name.json', shape: latinNameShape },
  plate: { file: 'plate.json', shape: plateShape },
  techPassport: { file: 'tech-passport.json', shape: techPassportShape },
  inn: { file: 'inn.json', shape: innShape },
};

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Properties whose copy of a common shape drifted from schemas/common. */
export function commonFieldProblems(schema: Json, where: string): string[] {
  const problems: string[] = [];
  walkSchema(schema, (node, pointer) => {
    const match = /\/properties\/([^/]+)$/.exec(pointer);
    const common = match ? commonShapes[match[1] as string] : undefined;
    if (!common) return;
    for (const [keyword, value] of Object.entries(common.shape)) {
      if (keyword === '$comment') continue;
      if (!sameJson(node[keyword], value)) {
        problems.push(`${where}${pointer}: "${keyword}" differs from schemas/common/${common.file}`);
      }
    }
  });
  return problems;
}

/** The first value of a member named like a phone that is an Uzbek number, anywhere in a request. */
function requestPhone(value: unknown): string | undefined {
  if (Array.isArray(value)) return value.map(requestPhone).find((phone) => phone !== undefined);
  if (!isRecord(value)) return undefined;
  for (const [key, member] of Object.entries(value)) {
    if (/phone/i.test(key) && typeof member === 'string' && /^998[0-9]{9}$/.test(member)) return member;
  }
  return Object.values(value).map(requestPhone).find((phone) => phone !== undefined);
}

/**
 * Whether a sale's terms say whose contract it is (`PolicyTerms.clientPhone`, `clientPinfls`): the
 * phone the save request gives, and the registry's PINFL of a policyholder the person registry names
 * (`registry`: each registry person's PINFL by the name a policy prints), every PINFL one of the
 * registry's, each once.
 */
export function clientTermsProblems(terms: { holder: string; clientPhone?: string; clientPinfls?: string[] }, request: unknown, registry: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  const phone = requestPhone(request);
  if (terms.clientPhone !== phone) problems.push(`clientPhone is ${terms.clientPhone ?? 'missing'}, the request's phone ${phone ?? 'none'}`);
  const pinfls = terms.clientPinfls ?? [];
  const known = new Set(registry.values());
  for (const pinfl of pinfls) if (!known.has(pinfl)) problems.push(`clientPinfls names ${pinfl}, no PINFL of the registry`);
  if (new Set(pinfls).size !== pinfls.length) problems.push('clientPinfls names a PINFL twice');
  const holder = registry.get(terms.holder);
  if (holder !== undefined && !pinfls.includes(holder)) problems.push(`clientPinfls lacks the policyholder's PINFL (${terms.holder})`);
  return problems;
}
