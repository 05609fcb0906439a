import type { ApiFailure, ApiPort, Envelope, FileRef, FormBody, SaveContext } from '../../../engine/definition';
import { memoryRegistries } from './memory-registries';
import type { PolicyWords, RegistryPerson, SaleContext } from '../sale/sale';

/**
 * An ApiPort for tests and stories: answers from a handler and records every call, so a test
 * can check what a binding sent and how it read the answer.
 */

export interface RecordedCall {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  /** A multipart call's body: its text fields, and its files as what was sent (the blobs themselves). */
  form?: RecordedForm;
}

export interface RecordedForm {
  fields: Record<string, string>;
  files: Record<string, { filename: string; blob: Blob }>;
}

/** A FormBody as a recorded call keeps it (part names are unique in the requests bindings build). */
export function recordedForm(body: FormBody): RecordedForm {
  return {
    fields: Object.fromEntries(body.fields),
    files: Object.fromEntries(body.files.map((file) => [file.name, { filename: file.filename, blob: file.blob }])),
  };
}

/** A FileSource over blobs by FileRef id, as the page's IndexedDB store answers. */
export function memoryFiles(blobs: Record<string, Blob>): NonNullable<SaveContext['files']> {
  return { read: async (ref: FileRef) => blobs[ref.id] ?? null };
}

export type FakeAnswer = Envelope<unknown> | ApiFailure;

/** What the page hands a save: the flow's payment step, where providers return the visitor. */
export const saveContext: SaveContext = { returnPath: '/en/travel?ad=neo&step=payment' };

export const ok = <T>(response: T): Envelope<T> => ({ result: true, error: 0, message: '', response });
export const notOk = (error: number, message: string): Envelope<null> => ({ result: false, error, message, response: null });

/** An ApiFailure as the site's axios port rejects with (status null = no answer). */
export function apiFailure(status: number | null, envelope?: Envelope<unknown>): ApiFailure {
  const failure = new Error(status === null ? 'Network Error' : `Request failed with status code ${status}`) as ApiFailure;
  failure.status = status;
  if (envelope) failure.envelope = envelope;
  return failure;
}

export function fakeApi(answer: (call: RecordedCall) => FakeAnswer): ApiPort & { calls: RecordedCall[] } {
  const calls: RecordedCall[] = [];
  const respond = async <T>(call: RecordedCall): Promise<Envelope<T>> => {
    calls.push(call);
    const result = answer(call);
    if (result instanceof Error) throw result;
    return result as Envelope<T>;
  };
  return {
    calls,
    get: <T>(path: string) => respond<T>({ method: 'GET', path }),
    post: <T>(path: string, body: unknown) => respond<T>({ method: 'POST', path, body: structuredClone(body) }),
    postForm: async <T>(path: string, body: FormBody, onProgress?: (sent: number, total: number) => void) => {
      const total = body.files.reduce((sum, file) => sum + file.blob.size, 0);
      onProgress?.(total, total);
      return respond<T>({ method: 'POST', path, form: recordedForm(body) });
    },
  };
}

/** The sandbox person registry's people (schemas/api/README.md), by passport. */
const sandboxPeople: Record<string, RegistryPerson> = {
  AA1234567: { pinfl: '31505900000011', firstName: 'Vali', lastName: 'Aliyev', firstNameCyr: 'Вали', lastNameCyr: 'Алиев', birthday: '1990-05-15' },
  AB7654321: { pinfl: '41102850000022', firstName: 'Dilnoza', lastName: 'Karimova', firstNameCyr: 'Дилноза', lastNameCyr: 'Каримова', birthday: '1985-11-02' },
  AD2222222: { pinfl: '30107580000044', firstName: 'Rustam', lastName: 'Nazarov', firstNameCyr: 'Рустам', lastNameCyr: 'Назаров', birthday: '1958-07-01' },
  AC1111111: { pinfl: '32003120000033', firstName: 'Timur', lastName: 'Aliyev', firstNameCyr: 'Тимур', lastNameCyr: 'Алиев', birthday: '2012-03-20' },
  AC2020202: { pinfl: '52003200000066', firstName: 'Kamron', lastName: 'Aliyev', firstNameCyr: 'Камрон', lastNameCyr: 'Алиев', birthday: '2020-03-20' },
  AD3333333: { pinfl: '31001600000077', firstName: 'Bahodir', lastName: 'Yusupov', firstNameCyr: 'Баходир', lastNameCyr: 'Юсупов', birthday: '1960-01-10' },
  AD4444444: { pinfl: '31001800000088', firstName: 'Sardor', lastName: 'Qodirov', firstNameCyr: 'Сардор', lastNameCyr: 'Қодиров', birthday: '1980-01-10' },
  AE3333333: { pinfl: '40106920000099', firstName: 'Shahlo', lastName: 'Oʻlmasova', firstNameCyr: 'Шаҳло', lastNameCyr: 'Ўлмасова', birthday: '1992-06-01' },
};

/**
 * A sale's ports for unit tests: the given tariffs, today, the sandbox people (passport and birthday
 * must match), no car registry data, and the policy's words (the server's, from the catalogs).
 */
export function registryContext<T>(tariffs: T, today: string, words: PolicyWords): SaleContext<T> {
  return {
    tariffs,
    today,
    words,
    findPerson: async (query) => {
      const person = sandboxPeople[`${query.passportSeria}${query.passportNumber}`];
      return person && person.birthday === query.birthday ? person : null;
    },
    citizenPassport: async (query) => sandboxPeople[`${query.passportSeria}${query.passportNumber}`] !== undefined,
    registries: memoryRegistries(),
  };
}
