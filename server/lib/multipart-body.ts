import type { FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { Multipart, MultipartFile, MultipartValue } from '@fastify/multipart';
import { cleanFileName, headBytes, inspectFile, maxImagePixels, tailBytes, type FileProblem, type FileRule } from '../../engine/files/content';
import { formatBytes } from '../../engine/files/file-kinds';
import { filePartRules } from '../../products/kit/api/multipart';
import { memberNamer } from '../../products/kit/sale/request-reader';
import { AppError } from '../envelope';
import { checkRequestPart } from '../plugins/app/edge';
import type { JsonSchema } from '../plugins/external/schemas';
import type { UploadedFile } from '../plugins/app/contract-files';

declare module 'fastify' {
  interface FastifyRequest {
    /** The file parts of a multipart save, read and inspected (null for any other request). */
    uploads: UploadedFile[] | null;
  }
}


/** Bytes a text field may hold: the longest string a schema allows is a few hundred characters. */
const fieldBytes = 4096;

const refusal = (status: number, message: string, field: string, reason?: FileProblem) =>
  new AppError(status, message, reason ? { field, reason } : { field });

/** Each problem's status and how the answer says it (`name`: the part's place, `photo` or `damage/photos/0`). */
export function problemRefusal(name: string, problem: FileProblem, rule: FileRule, type: string | null, dimensions: { width: number; height: number } | null): AppError {
  const field = `/${name}`;
  switch (problem) {
    case 'empty':
      return refusal(400, `body/${name}: the file is empty`, field, problem);
    case 'type':
      return refusal(415, `body/${name}: ${type ? `a file of type ${type}` : 'a file of unknown type'} is not accepted (${rule.types.join(', ')}), whatever its name says`, field, problem);
    case 'size':
      return refusal(413, `body/${name} is larger than ${formatBytes(rule.maxBytes)}`, field, problem);
    case 'dimensions':
      return refusal(413, `body/${name}: an image of ${dimensions?.width ?? '?'}×${dimensions?.height ?? '?'} pixels is over the ${maxImagePixels / 1_000_000} megapixel limit`, field, problem);
    case 'unreadable':
      return refusal(400, `body/${name}: the file is damaged or incomplete`, field, problem);
  }
}

/** The bytes of a file part, refused with 413 (naming `name`, by default the part's) as soon as they pass the field's limit. */
export async function readFile(part: MultipartFile, rule: FileRule, name = part.fieldname): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of part.file as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > rule.maxBytes) throw refusal(413, `body/${name} is larger than ${formatBytes(rule.maxBytes)}`, `/${name}`, 'size');
    chunks.push(chunk);
  }
  // The request's own file-size limit (the largest of its fields) cut the part short.
  if (part.file.truncated) throw refusal(413, `body/${name} is larger than ${formatBytes(rule.maxBytes)}`, `/${name}`, 'size');
  return Buffer.concat(chunks);
}

/** Whatever reading the parts threw, as a 4xx: the plugin's limit errors keep their status, a body cut short or malformed is a 400. */
export function partsFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  const code = (error as { code?: unknown }).code;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const what = code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT' ? 'body has more parts than the call takes'
      : code === 'FST_REQ_FILE_TOO_LARGE' ? 'body: a file is larger than the call takes'
        : code === 'FST_PROTO_VIOLATION' ? 'body: a part is named as a property every object has (__proto__, constructor…)'
          : 'body is not a complete multipart/form-data request';
    return new AppError(status === 406 ? 400 : status, what, { field: '/' });
  }
  return new AppError(400, 'body is not a complete multipart/form-data request', { field: '/' });
}

/**
 * A save refused before all its body arrived (a file over its limit, a part it does not know): the
 * rest is read and dropped, as Node does for a request nobody read, so the connection goes on to
 * the client's next request. Left unread it would hold the connection: kept alive, it would answer
 * nothing more. A rest larger than `maxBytes` is not worth reading: the connection is closed after
 * the answer instead (what a refused JSON body gets).
 */
export function discardRest(request: FastifyRequest, reply: FastifyReply, maxBytes: number): void {
  const raw = request.raw;
  if (raw.complete) return;
  raw.unpipe();
  if (Number(raw.headers['content-length']) > maxBytes) {
    reply.header('connection', 'close');
    return;
  }
  let dropped = 0;
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > maxBytes) raw.destroy();
  });
  raw.resume();
}

/**
 * Reads a multipart/form-data save into the body its schema describes, before the schema checks it
 * (a preValidation hook of the save's route): each part once under its member's name (any spelling
 * a JSON body's member may have); each text field as its text, which the reading every call shares
 * then reads into the type its schema gives (a whole number, a yes/no); each file part once, read up to its limit, inspected by its content (engine/files/content.ts) and
 * described as `{ filename, mimetype, size }` in the body, its bytes kept in `request.uploads` for
 * the save to store. A part the schema does not know, a part sent twice, a text field where a file
 * belongs (or the reverse), NUL or broken UTF-16 text, a body cut short, too many parts, and every
 * refused file are a 4xx naming the part (`response.field`, and for a file `response.reason`).
 * A save of this kind sent as JSON is a 415: its files can only be parts. A call without files that
 * takes multipart forms as well as JSON (the cabinet's) says `alsoJson`: its JSON body is left to the schema.
 */
export function multipartBody(schema: JsonSchema, options: { alsoJson?: boolean } = {}): preValidationHookHandler {
  const rules = filePartRules(schema);
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  // A part under another spelling of its name (`passportSeria`), as every call reads a member.
  const memberOf = memberNamer(properties);
  const files = Object.keys(rules).length;
  const fields = Object.keys(properties).length - files;
  // A few parts over the call's own, so a stray part is refused by its name; a flood stops at the limit.
  const busboyLimits = {
    fieldNameSize: 100,
    fieldSize: fieldBytes,
    fields: fields + 8,
    files: files + 2,
    parts: fields + files + 10,
    headerPairs: 20,
    // The largest a file of this call may be, plus one byte to tell "at the limit" from "over it".
    fileSize: Math.max(0, ...Object.values(rules).map((rule) => rule.maxBytes)) + 1,
  };

  const read = async (request: FastifyRequest): Promise<void> => {
    if (!request.isMultipart()) throw new AppError(415, `${request.routeOptions.url ?? 'this call'} takes multipart/form-data: its files are parts of it`, { field: '/' });
    const body: Record<string, unknown> = {};
    const uploads: UploadedFile[] = [];
    try {
      for await (const part of request.parts({ limits: busboyLimits }) as AsyncIterable<Multipart>) {
        const name = memberOf(part.fieldname);
        if (name === undefined) {
          const field = `/${part.fieldname.slice(0, 100)}`;
          throw refusal(400, `body${field} is not allowed`, field);
        }
        const field = `/${name}`;
        if (Object.hasOwn(body, name)) throw refusal(400, `body${field} is sent twice`, field);
        const rule = rules[name];
        if (part.type === 'field') {
          const value = part as MultipartValue<unknown>;
          if (rule) throw refusal(400, `body${field} must be a file`, field);
          if (value.valueTruncated || typeof value.value !== 'string') throw refusal(413, `body${field} is longer than a field of this call may be`, field);
          // Text as sent: numbers and yes/no are read into their types by the reading every call shares (calls.ts `reading`).
          body[name] = value.value;
          continue;
        }
        if (!rule) throw refusal(400, `body${field} must be a text field, not a file`, field);
        const bytes = await readFile(part, rule);
        const inspection = inspectFile({ size: bytes.byteLength, head: bytes.subarray(0, headBytes), tail: bytes.subarray(Math.max(0, bytes.byteLength - tailBytes)) }, rule);
        if (inspection.problem) throw problemRefusal(name, inspection.problem, rule, inspection.type, inspection.dimensions);
        const filename = cleanFileName(part.filename ?? '');
        body[name] = { filename, mimetype: inspection.type, size: bytes.byteLength };
        uploads.push({ field: name, filename, contentType: inspection.type ?? 'application/octet-stream', bytes });
      }
    } catch (error) {
      throw partsFailure(error);
    }
    checkRequestPart('body', body);
    request.body = body;
    request.uploads = uploads;
  };
  // The most a refusal reads and drops: twice the largest body the call takes, so whatever a proxy in
  // front lets through (nginx: 24 MB) leaves the connection usable.
  const discardBytes = 2 * (Object.values(rules).reduce((sum, rule) => sum + rule.maxBytes, 0) + busboyLimits.parts * (fieldBytes + 1024));
  return (request, reply, done) => {
    if (options.alsoJson && !request.isMultipart()) return done();
    read(request).then(() => done(), (error: Error) => {
      discardRest(request, reply, discardBytes);
      done(error);
    });
  };
}
