import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import type { ClaimDefinition, FileRef, FlowData } from '../../../engine/definition';
import type { FileRule } from '../../../engine/files/content';
import { hiddenPaths, isHiddenPath } from '../../../engine/visibility';
import { isRecord } from '../../../engine/is-record';
import { AppError } from '../../envelope';

/** A file a claim's data names (a FileRef), where it sits and what its field accepts. */
export interface ClaimFileSlot {
  /** The FileRef's id: the name of the part that carries its bytes. */
  id: string;
  /** Where it sits: `/damage/photos/0`. */
  path: string;
  /** The document it is (the field's name, `photos`). */
  kind: string;
  rule: FileRule;
  name: string;
}

/** A claim's data once checked against its definition: the steps it files, its files, the documents it comes without. */
export interface CheckedClaim {
  data: FlowData;
  files: ClaimFileSlot[];
  /** Kinds of the needed documents without a file. */
  documentsNeeded: string[];
}

type JsonNode = Record<string, unknown>;

// The server's own validation settings (server/app.ts), but every error: one at a field the form
// hides is dropped, and what is left must still be found. Forms carry their own keywords (titles,
// rjsf's `errorMessage`), which are not validation.
const ajv = new Ajv({ removeAdditional: false, coerceTypes: false, allErrors: true, useDefaults: false, strict: false });
addFormats(ajv);

const compiled = new WeakMap<ClaimDefinition, Map<string, ValidateFunction>>();

/** The step validators of a claim, compiled once. */
function validatorsOf(claim: ClaimDefinition): Map<string, ValidateFunction> {
  let validators = compiled.get(claim);
  if (!validators) {
    validators = new Map();
    for (const step of claim.steps) if (step.schema && step.component !== 'receipt') validators.set(step.id, ajv.compile(step.schema));
    compiled.set(claim, validators);
  }
  return validators;
}

/** The field an ajv error is about (a missing property is the property's own path). */
function pointerOf(error: ErrorObject): string {
  const params = error.params as { missingProperty?: string; additionalProperty?: string };
  const child = error.keyword === 'required' ? params.missingProperty : error.keyword === 'additionalProperties' ? params.additionalProperty : undefined;
  return child === undefined ? error.instancePath : `${error.instancePath}/${child}`;
}

const refused = (status: number, message: string, field: string) => new AppError(status, message, { field });

/** What a file field of a step schema accepts: its FileRef's `type` enum and `size` maximum. */
export function fileRuleOf(node: unknown): FileRule | undefined {
  if (!isRecord(node)) return undefined;
  const ref = node.type === 'array' && isRecord(node.items) ? node.items : node;
  const properties = isRecord(ref.properties) ? ref.properties : undefined;
  const type = properties && isRecord(properties.type) ? properties.type : undefined;
  const size = properties && isRecord(properties.size) ? properties.size : undefined;
  if (!Array.isArray(type?.enum) || typeof size?.maximum !== 'number') return undefined;
  return { types: type.enum.filter((value): value is string => typeof value === 'string'), maxBytes: size.maximum };
}

/** The schema of a document's field in its step. */
export function documentField(claim: ClaimDefinition, kind: string): { step: string; node: JsonNode; many: boolean; maxItems: number; rule: FileRule } | undefined {
  const document = claim.documents.find((doc) => doc.kind === kind);
  const step = document && claim.steps.find((s) => s.id === document.step);
  const properties = step?.schema && isRecord(step.schema.properties) ? step.schema.properties : undefined;
  const node = document && properties && Object.hasOwn(properties, kind) ? properties[kind] : undefined;
  const rule = fileRuleOf(node);
  if (!document || !isRecord(node) || !rule) return undefined;
  const many = node.type === 'array';
  return { step: document.step, node, many, maxItems: many ? (typeof node.maxItems === 'number' ? node.maxItems : 10) : 1, rule };
}

/** A copy of `object` without the values at `paths` (`/payout/card`, `/rows/1/name`). */
function withoutPaths(object: Record<string, unknown>, paths: readonly string[]): Record<string, unknown> {
  const copy = structuredClone(object);
  for (const path of paths) {
    const segments = path.split('/').slice(1);
    const last = segments.pop();
    let node: unknown = copy;
    for (const segment of segments) node = isRecord(node) || Array.isArray(node) ? (node as Record<string, unknown>)[segment] : undefined;
    if (last !== undefined && isRecord(node)) delete node[last];
  }
  return copy;
}

const isFileRefShaped = (value: unknown): value is FileRef => isRecord(value) && typeof value.id === 'string';

/**
 * Checks a claim's flow data against its definition, as the page checked it: each step object
 * against its step's schema, errors at fields the definition's `show` rules hide for this data
 * dropped; a step its `skip` rules pass over is not filed. Answers the steps filed, the files its
 * FileRefs name (each id once) and the needed documents it comes without. A refusal is a 400 naming
 * the field (`/<step>/<path>`).
 */
export function checkClaimData(claim: ClaimDefinition, value: unknown): CheckedClaim {
  if (!isRecord(value)) throw refused(400, 'body/data must be an object of the form\'s steps', '/data');
  const validators = validatorsOf(claim);
  for (const key of Object.keys(value)) {
    if (!validators.has(key)) throw refused(400, `body/data/${key.slice(0, 100)} is not a step of this form`, `/${key.slice(0, 100)}`);
  }
  const data: FlowData = {};
  const skipped = (step: string) => {
    const guard = claim.machine.skip?.[step];
    return guard !== undefined && claim.machine.guards[guard]?.(value as FlowData) === true;
  };
  for (const step of validators.keys()) {
    if (skipped(step)) continue;
    const object = value[step] ?? {};
    if (!isRecord(object)) throw refused(400, `body/data/${step} must be an object`, `/${step}`);
    data[step] = object;
  }
  for (const [step, validate] of validators) {
    if (!(step in data)) continue;
    const hidden = hiddenPaths(claim.machine, step, data);
    if (!validate(data[step])) {
      const error = (validate.errors ?? []).find((found) => !isHiddenPath(pointerOf(found), hidden));
      if (error) {
        const field = `/${step}${pointerOf(error)}`;
        throw refused(400, `body${field} ${error.message ?? 'is not valid'}`, field);
      }
    }
  }
  // What a hidden field holds was never checked: it is not filed (the guards saw the data as sent).
  for (const step of Object.keys(data)) {
    const hidden = hiddenPaths(claim.machine, step, value as FlowData);
    if (hidden.length > 0) data[step] = withoutPaths(data[step] ?? {}, hidden);
  }

  const files: ClaimFileSlot[] = [];
  const seen = new Set<string>();
  const documentsNeeded: string[] = [];
  for (const document of claim.documents) {
    const object = data[document.step];
    const field = documentField(claim, document.kind);
    if (!object || !field) continue;
    const hidden = isHiddenPath(`/${document.kind}`, hiddenPaths(claim.machine, document.step, data));
    const sent = hidden ? undefined : object[document.kind];
    const refs = (Array.isArray(sent) ? sent.map((ref, i) => [ref, `/${i}`] as const) : sent === undefined ? [] : [[sent, ''] as const]);
    for (const [ref, at] of refs) {
      const path = `/${document.step}/${document.kind}${at}`;
      if (!isFileRefShaped(ref)) throw refused(400, `body${path} must be a file`, path);
      if (seen.has(ref.id)) throw refused(400, `body${path} is a file the claim already names`, path);
      seen.add(ref.id);
      files.push({ id: ref.id, path, kind: document.kind, rule: field.rule, name: ref.name });
    }
    if (document.needed && !hidden && refs.length === 0) documentsNeeded.push(document.kind);
  }
  return { data, files, documentsNeeded };
}
