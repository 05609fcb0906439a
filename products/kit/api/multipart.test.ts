import { describe, expect, it } from 'vitest';
import type { FileRef, FlowData } from '../../../engine/definition';
import { saleBinding, policyNumberAnswer } from '../binding/binding-kit';
import { apiFailure, fakeApi, memoryFiles, ok, saveContext } from '../testing/fake-api';
import { isFileRef } from '../../../engine/files/file-ref';
import { fileRefusal, filePartRules, formBody, locateFile } from './multipart';

const face: FileRef = { id: 'a1', name: 'face.jpg', type: 'image/jpeg', size: 3 };
const side: FileRef = { id: 'b2', name: 'side.jpg', type: 'image/jpeg', size: 4 };
const data: FlowData = { pet: { nickname: 'Mosh', photos: { front: face }, more: [{ side }] }, owner: {} };
const files = memoryFiles({ a1: new Blob(['abc']), b2: new Blob(['abcd']) });

describe('saves with files', () => {
  it('knows a FileRef and where it sits in flow data', () => {
    expect(isFileRef(face)).toBe(true);
    expect(isFileRef({})).toBe(false);
    expect(isFileRef({ ...face, id: '' })).toBe(false);
    expect(locateFile(data, 'a1')).toEqual({ step: 'pet', path: '/photos/front' });
    expect(locateFile(data, 'b2')).toEqual({ step: 'pet', path: '/more/0/side' });
    expect(locateFile(data, 'zz')).toBeUndefined();
  });

  it('writes a flat request as fields first, files last, their bytes from the device', async () => {
    const body = await formBody({ nickname: 'Mosh', amount: 150_000, agreed: true, note: undefined, photo_1: face, photo_2: side }, data, files);
    expect(body.fields).toEqual([['nickname', 'Mosh'], ['amount', '150000'], ['agreed', 'true']]);
    expect(body.files.map((file) => [file.name, file.filename, file.blob.size])).toEqual([['photo_1', 'face.jpg', 3], ['photo_2', 'side.jpg', 4]]);
    await expect(formBody({ owner: { name: 'x' } }, data, files)).rejects.toThrow(/flat/);
  });

  it('fails at the file\'s own field when the device no longer has it', async () => {
    await expect(formBody({ photo_1: face }, data, memoryFiles({}))).rejects.toMatchObject({ messageId: 'engine.file.missing', field: { step: 'pet', path: '/photos/front' } });
    await expect(formBody({ photo_1: face }, data, undefined)).rejects.toMatchObject({ messageId: 'engine.file.missing' });
  });

  it('places the server\'s refusal of a file on that file\'s field, with the problem\'s message', () => {
    const refused = apiFailure(415, { result: false, error: 415, message: 'body/photo_2: …', response: { field: '/photo_2', reason: 'type' } });
    expect(fileRefusal(refused, { photo_2: side }, data)).toMatchObject({ messageId: 'engine.file.problem.type', field: { step: 'pet', path: '/more/0/side' } });
    expect(fileRefusal(apiFailure(422, { result: false, error: 422, message: 'amount differs', response: { amount: 1 } }), { photo_2: side }, data)).toBeNull();
    expect(fileRefusal(apiFailure(null), { photo_2: side }, data)).toBeNull();
    expect(fileRefusal(apiFailure(400, { result: false, error: 400, message: 'x', response: { field: '/nickname', reason: 'type' } }), { nickname: 'x' }, data)).toBeNull();
  });

  it('reads the file parts of a request schema and their rules', () => {
    const part = (types: string[], maximum: number) => ({ type: 'object', properties: { filename: { type: 'string' }, mimetype: { type: 'string', enum: types }, size: { type: 'integer', maximum } } });
    const schema = { type: 'object', properties: { nickname: { type: 'string' }, owner: { type: 'object', properties: { name: { type: 'string' } } }, photo_1: part(['image/jpeg'], 100), scan: part(['application/pdf'], 200) } };
    expect(filePartRules(schema)).toEqual({ photo_1: { types: ['image/jpeg'], maxBytes: 100 }, scan: { types: ['application/pdf'], maxBytes: 200 } });
    expect(filePartRules({})).toEqual({});
  });

  it('a binding whose save request holds files posts it as multipart, and its refusals land on the files', async () => {
    const binding = saleBinding<FlowData, null>({
      calls: { save: '/pets/save', check: '/pets/check' },
      load: async () => null,
      saveRequest: (flow, price) => ({ nickname: (flow.pet as { nickname: string }).nickname, photo_1: face, photo_2: side, amount: price.total }),
      policy: policyNumberAnswer,
    });
    const saved = { contract_id: 'c', order_id: '1', amount: 5, url: 'https://x.uz/c', payme_url: 'https://x.uz/p' };
    const api = fakeApi(() => ok(saved));
    await binding.save(api, data, { total: 5, lines: [] }, { ...saveContext, files });
    expect(api.calls[0]?.form?.fields).toEqual({ nickname: 'Mosh', amount: '5', return_url: saveContext.returnPath });
    expect(Object.keys(api.calls[0]?.form?.files ?? {})).toEqual(['photo_1', 'photo_2']);
    const refusing = fakeApi(() => apiFailure(413, { result: false, error: 413, message: 'body/photo_1 is larger than 10 MB', response: { field: '/photo_1', reason: 'size' } }));
    await expect(binding.save(refusing, data, { total: 5, lines: [] }, { ...saveContext, files })).rejects.toMatchObject({ messageId: 'engine.file.problem.size', field: { step: 'pet', path: '/photos/front' } });
    await expect(binding.save(fakeApi(() => apiFailure(null)), data, { total: 5, lines: [] }, { ...saveContext, files })).rejects.toMatchObject({ messageId: 'network_error' });
  });
});
