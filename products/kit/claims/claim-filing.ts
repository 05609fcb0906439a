import type { ApiPort, CallOptions, ClaimReceipt, Envelope, FileRef, FlowData, FormBody, MessageId, SaveContext } from '../../../engine/definition';
import { isFileRef } from '../../../engine/files/file-ref';
import { isRecord } from '../../../engine/is-record';
import { envelopeFailure, genericErrorId, isApiFailure, ProductBindingFailure, requireFields, toFailure } from '../binding/binding-failure';
import { locateFile, refusedFile } from '../api/multipart';
import type { FileResponse } from '../api/claims-api.generated';

/**
 * A claim's filing (`POST /api/insurance-event/{product}/file`): its data and files as one request,
 * its refusals said at the field they name. Loaded by the claim's binding when the claim is filed.
 */

/** The refusals a claim's calls answer with (`message`), each a message of the claim catalog as it stands. */
export const claimRefusalKeys = [
  'claim_product_unknown', 'claim_policy_not_found', 'claim_event_outside_cover', 'claim_event_in_future', 'claim_file_missing', 'claim_closed', 'claim_document_unknown',
] as const;

/** The request `file` sends: the flow data without the receipt. */
export interface ClaimFiling {
  data: FlowData;
  /** The page the claim is filed from (`/ru/insurance-event/travel`): its language is the SMS's. */
  return_url?: string;
}

// Sent again after a lost answer (a retry, a reload rebuilding it from the draft), it is the same claim: one claim.
const repeatableFiling: CallOptions = { repeatable: 'tab' };

/** `/event/date` → the `event` step's `/date`; null for a pointer that names no step of the data. */
export function fieldOfPointer(data: FlowData, pointer: unknown): { step: string; path: string } | null {
  if (typeof pointer !== 'string') return null;
  const match = /^\/([^/]+)(\/.+)$/.exec(pointer);
  if (!match || !Object.hasOwn(data, match[1] as string)) return null;
  return { step: match[1] as string, path: match[2] as string };
}

const isRefusalKey = (message: unknown): message is MessageId => typeof message === 'string' && (claimRefusalKeys as readonly string[]).includes(message);

/**
 * A refused claim call as its message at its field: a refused file says its problem at the file's
 * field, a claim refusal (`claim_policy_not_found`) its own message at the field it names; anything
 * else as every binding says it.
 */
export function claimFailure(error: unknown, data: FlowData): Error {
  const file = refusedFile(error);
  const fileField = file ? fieldOfPointer(data, file.field) : null;
  if (file && fileField) return new ProductBindingFailure(`engine.file.problem.${file.reason}`, { field: fileField, cause: error, detail: `HTTP ${file.status} on ${file.field}` });
  if (isApiFailure(error) && error.status !== null && error.status !== 429 && error.envelope) {
    return refusal(error.envelope, data, `HTTP ${error.status}`) ?? toFailure(error);
  }
  return toFailure(error);
}

/** A claim refusal (`claim_policy_not_found`) as its own message at the field it names; null for another answer. */
function refusal(envelope: Envelope<unknown>, data: FlowData, detail: string): ProductBindingFailure | null {
  if (!isRefusalKey(envelope.message)) return null;
  const field = fieldOfPointer(data, isRecord(envelope.response) ? envelope.response.field : undefined);
  return new ProductBindingFailure(envelope.message, { ...(field ? { field } : {}), detail });
}

/** Every FileRef of the flow data, each once. */
export function claimFiles(data: FlowData): FileRef[] {
  const found = new Map<string, FileRef>();
  const visit = (value: unknown): void => {
    if (isFileRef(value)) found.set(value.id, value);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (isRecord(value)) Object.values(value).forEach(visit);
  };
  visit(data);
  return [...found.values()];
}

/** The flow data a claim files: every step's answers but the receipt's. */
export function claimFiling(data: FlowData, returnPath?: string): ClaimFiling {
  const { receipt: _receipt, ...answers } = data;
  return { data: answers, ...(returnPath === undefined ? {} : { return_url: returnPath }) };
}

/**
 * The multipart body of a filing: the text field `claim` (the filing as JSON), then one part per
 * file named by its FileRef's id, its bytes read from `files`; a file this device no longer has
 * fails with `engine.file.missing` at its field.
 */
export async function claimFormBody(filing: ClaimFiling, files: SaveContext['files']): Promise<FormBody> {
  const body: FormBody = { fields: [['claim', JSON.stringify(filing)]], files: [] };
  for (const ref of claimFiles(filing.data)) {
    const blob = files ? await files.read(ref) : null;
    if (!blob) {
      const field = locateFile(filing.data, ref.id);
      throw new ProductBindingFailure('engine.file.missing', { ...(field ? { field } : {}), detail: 'a file of the claim is not on this device' });
    }
    body.files.push({ name: ref.id, filename: ref.name, blob });
  }
  return body;
}

/** Files the claim `data` at `address` (`/insurance-event/osago/file`): one multipart request when it has files, else JSON. */
export async function fileClaim(address: string, api: ApiPort, data: FlowData, context: SaveContext): Promise<ClaimReceipt> {
  const filing = claimFiling(data, context.returnPath);
  const withFiles = claimFiles(filing.data).length > 0;
  let envelope;
  try {
    envelope = withFiles
      ? await api.postForm<FileResponse>(address, await claimFormBody(filing, context.files), undefined, repeatableFiling)
      : await api.post<FileResponse>(address, filing, repeatableFiling);
  } catch (error) {
    throw claimFailure(error, data);
  }
  if (!envelope.result) throw refusal(envelope, data, `${envelope.error}`) ?? envelopeFailure(envelope, genericErrorId);
  const answer = requireFields<FileResponse>(envelope.response, ['claim_id', 'number', 'documents', 'answer_by'], address);
  return { claimId: answer.claim_id, number: answer.number, documents: Array.isArray(answer.documents) ? answer.documents : [], answerBy: answer.answer_by };
}
