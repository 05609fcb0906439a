import type { FileProblem, FileRule } from '../../../engine/files/content';
import type { FileSource, FlowData, FormBody } from '../../../engine/definition';
import { isApiFailure, ProductBindingFailure } from '../binding/binding-failure';
import { isFileRef } from '../../../engine/files/file-ref';
import { isRecord } from '../../../engine/is-record';

/**
 * Saves that carry files (requirements §7: the pet and job-loss saves are multipart): how a request with
 * files is described, written by the page and read by the server.
 *
 * In `schemas/api`, a file part of a multipart request is described by the object the server reads
 * it into — `{ filename, mimetype, size }`, where `mimetype` is the type read from the file's
 * content — with an `enum` of the accepted types and a `maximum` size: the schema is the one place
 * a save's file rules are written (`filePartRules`).
 */

/** Where in flow data a chosen file sits: its step and the pointer inside the step object. */
export function locateFile(data: FlowData, id: string): { step: string; path: string } | undefined {
  const find = (value: unknown, path: string): string | undefined => {
    if (isFileRef(value)) return value.id === id ? path : undefined;
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i += 1) {
        const found = find(value[i], `${path}/${i}`);
        if (found !== undefined) return found;
      }
      return undefined;
    }
    if (!isRecord(value)) return undefined;
    for (const [key, child] of Object.entries(value)) {
      const found = find(child, `${path}/${key}`);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  for (const [step, object] of Object.entries(data)) {
    const path = find(object, '');
    if (path) return { step, path };
  }
  return undefined;
}

/**
 * The multipart body of a flat request whose FileRef members are files: text fields first (numbers
 * and booleans as their text, absent values left out), then the files, their bytes read from
 * `files`. A file this device no longer has fails with `engine.file.missing` at its field.
 */
export async function formBody(request: Record<string, unknown>, data: FlowData, files: FileSource | undefined): Promise<FormBody> {
  const body: FormBody = { fields: [], files: [] };
  for (const [name, value] of Object.entries(request)) {
    if (value === undefined || value === null) continue;
    if (isFileRef(value)) {
      const blob = files ? await files.read(value) : null;
      if (!blob) throw new ProductBindingFailure('engine.file.missing', { ...fieldOf(data, value.id), detail: `${name}: the file is not on this device` });
      body.files.push({ name, filename: value.name, blob });
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      body.fields.push([name, String(value)]);
    } else {
      throw new Error(`a multipart request is flat: "${name}" is ${Array.isArray(value) ? 'a list' : 'an object'}`);
    }
  }
  return body;
}

const fieldOf = (data: FlowData, id: string) => {
  const field = locateFile(data, id);
  return field ? { field } : {};
};

const problems: readonly FileProblem[] = ['empty', 'type', 'size', 'dimensions', 'unreadable'];

/** What a refusal for one of a request's files says (`response: { field, reason }`): the field's pointer and the file's problem; null for any other failure. */
export function refusedFile(error: unknown): { field: string; reason: FileProblem; status: number } | null {
  if (!isApiFailure(error) || error.status === null || !isRecord(error.envelope?.response)) return null;
  const { field, reason } = error.envelope.response;
  if (typeof field !== 'string' || typeof reason !== 'string' || !(problems as readonly string[]).includes(reason)) return null;
  return { field, reason: reason as FileProblem, status: error.status };
}

/**
 * A save the server refused for one of its files (`response: { field: '/photo_1', reason }`), as
 * the message of that problem on the file's field; null for any other failure.
 */
export function fileRefusal(error: unknown, request: Record<string, unknown>, data: FlowData): ProductBindingFailure | null {
  const refused = refusedFile(error);
  if (!refused) return null;
  const ref = request[refused.field.replace(/^\//, '')];
  if (!isFileRef(ref)) return null;
  return new ProductBindingFailure(`engine.file.problem.${refused.reason}`, { ...fieldOf(data, ref.id), cause: error, detail: `HTTP ${refused.status} on ${refused.field}` });
}

/** The file parts a request schema describes (`{ filename, mimetype, size }` objects), with the rules their schema sets. */
export function filePartRules(schema: unknown): Record<string, FileRule> {
  const rules: Record<string, FileRule> = {};
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  for (const [name, property] of Object.entries(properties)) {
    const parts = isRecord(property) && isRecord(property.properties) ? property.properties : null;
    if (!parts || !isRecord(parts.filename) || !isRecord(parts.mimetype) || !isRecord(parts.size)) continue;
    const types = Array.isArray(parts.mimetype.enum) ? parts.mimetype.enum.filter((t): t is string => typeof t === 'string') : [];
    const maxBytes = typeof parts.size.maximum === 'number' ? parts.size.maximum : 0;
    rules[name] = { types, maxBytes };
  }
  return rules;
}
