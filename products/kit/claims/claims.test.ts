import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ApiPort, CallOptions, ClaimDefinition, FormBody } from '../../../engine/definition';
import { hiddenPaths, isHiddenPath } from '../../../engine/visibility';
import { fieldPathOfId } from '../../../engine/paths';
import { fieldNames, widgetNames } from '../../../engine/widget-names';
import { isBindingFailure } from '../binding/binding-failure';
import { apiFailure, fakeApi, memoryFiles, ok, recordedForm, saveContext, type FakeAnswer, type RecordedCall } from '../testing/fake-api';
import { createStepAjv, loadCatalogs } from '../testing/product-tests';
import { claimMessageIds, claimProblems, claimStatuses } from '../testing/claim-conformance';
import { missingMessages, sourceMessageIds, uiNames } from '../testing/conformance';
import { claimRefusalKeys } from './claim-filing';
import { luhnValid } from './claim-kit';
import type { ClaimCatalog, ClaimData } from './claim-data';
import { claimSample } from './samples';
import { claimFamilyOf } from '../site/claim-areas';

/** Every product's claim (`products/<id>/claim.ts`) checked as the contract of a claim says, and the claim binding's calls. */

const root = fileURLToPath(new URL('../../..', import.meta.url));
const productIds = readdirSync(join(root, 'products')).filter((name) => name !== 'kit' && statSync(join(root, 'products', name)).isDirectory()).sort();
type Claim = ClaimDefinition<ClaimData, ClaimCatalog>;
const claims = new Map<string, Claim>(await Promise.all(productIds.map(async (id) => {
  const module = (await import(pathToFileURL(join(root, 'products', id, 'claim.ts')).href)) as { default: Claim };
  return [id, module.default] as const;
})));

const holder = { number: 'OSG 2030000042', passport: 'AA1234567', birthday: '1990-05-15', eventDate: '2030-06-20' };
const signedIn: ClaimCatalog = {
  signedIn: true,
  policies: [{ id: '5b0d5d0e-7f4c-4b8a-9c11-2f0f4a3b9e01', number: 'OSG 2030000042', subject: '01A123BC', beginDate: '2030-06-16', endDate: '2031-06-15' }],
};
const signedOut: ClaimCatalog = { signedIn: false, policies: [] };
const catalogs = loadCatalogs();
const kitSources = ['claim-kit.ts', 'claim-binding.ts', ...readdirSync(join(root, 'products/kit/claims/families')).map((f) => `families/${f}`)]
  .map((file) => readFileSync(join(root, 'products/kit/claims', file), 'utf8'));

/** A step's schema file: the family's, or the common one every claim shares; the build precompiles its validator from that file. */
function schemaFile(claim: Claim, step: string, ui: boolean): string | null {
  const name = `${step}${ui ? '.ui' : ''}.json`;
  const file = [join(root, 'schemas/claims', claim.family, name), join(root, 'schemas/claims/common', name)].find(existsSync);
  return file ?? null;
}

describe('every product has a claim', () => {
  it('as products/<id>/claim.ts, of the family its sample is told for', () => {
    expect(productIds).toHaveLength(16);
    for (const id of productIds) {
      const claim = claims.get(id);
      expect(claim?.kind, id).toBe('claim');
      expect(claim?.id, id).toBe(id);
      expect(claim?.family, id).toBe(claimFamilyOf[id]);
    }
    expect(Object.keys(claimFamilyOf).sort()).toEqual(productIds);
  });

  it('decides in a believable number of days: a car claim in 15, a trip\'s in 30, any other in 15 to 30', () => {
    for (const [id, claim] of claims) {
      if (claim.family === 'car') expect(claim.decisionDays, id).toBe(15);
      else if (claim.family === 'travel') expect(claim.decisionDays, id).toBe(30);
      else expect(claim.decisionDays, id).toBeGreaterThanOrEqual(15);
      expect(claim.decisionDays, id).toBeLessThanOrEqual(30);
    }
  });
});

/** A sample whose payout goes to a bank account, and whose policy is the signed-in client's own. */
const byAccount = (sample: ClaimData): ClaimData => ({
  ...sample,
  policy: { way: 'mine', policyId: signedIn.policies[0]?.id, phone: '998901234567' },
  payout: { method: 'account', account: '20208000900100200300', mfo: '00440', holder: 'Vali Aliyev' },
});

describe.each(productIds)('the claim of "%s"', (id) => {
  const claim = claims.get(id) as Claim;
  const sample = claimSample(id, holder) as ClaimData;

  it('is declared as the contract says: steps, rules naming real fields and guards, flat schemas, documents that are its file fields', () => {
    expect(claimProblems(claim, signedIn)).toEqual([]);
  });

  it('has each form step\'s schema and uiSchema as a schemas/claims file holds them, compiling with the engine\'s ajv settings', () => {
    const ajv = createStepAjv();
    for (const step of claim.steps.filter((s) => (s.component ?? 'form') === 'form')) {
      const file = schemaFile(claim, step.id, false);
      expect(file, step.id).not.toBeNull();
      expect(JSON.parse(readFileSync(file as string, 'utf8')), step.id).toEqual(step.schema);
      expect(JSON.parse(readFileSync(schemaFile(claim, step.id, true) as string, 'utf8')), step.id).toEqual(step.uiSchema);
      expect(() => ajv.compile(step.schema as object), step.id).not.toThrow();
      for (const [widget] of uiNames(step.uiSchema).widgets) expect(widgetNames, `${step.id}: ${widget}`).toContain(widget);
      for (const [field] of uiNames(step.uiSchema).fields) expect(fieldNames, `${step.id}: ${field}`).toContain(field);
    }
  });

  it('names each field so that the form reads a change back to it', () => {
    for (const step of claim.steps.filter((s) => s.schema)) {
      for (const name of Object.keys((step.schema?.properties ?? {}) as object)) expect(fieldPathOfId(`root_${name}`, 'root', step.schema ?? {}), `${step.id}.${name}`).toEqual([name]);
    }
  });

  it('accepts its sample step by step, each error of a field its rules hide left aside', () => {
    const ajv = createStepAjv();
    for (const step of claim.steps.filter((s) => s.schema)) {
      const validate = ajv.compile(step.schema as object);
      const hidden = hiddenPaths(claim.machine, step.id, sample);
      const errors = (validate(sample[step.id]) ? [] : validate.errors ?? []).filter((e) => !isHiddenPath(e.instancePath, hidden)
        && !(e.keyword === 'required' && isHiddenPath(`${e.instancePath}/${String(e.params.missingProperty)}`, hidden))
        && !(e.keyword === 'errorMessage' && (e.params.errors as { keyword: string; params: { missingProperty?: string } }[]).every((inner) => inner.keyword === 'required' && isHiddenPath(`${e.instancePath}/${String(inner.params.missingProperty)}`, hidden))));
      expect(errors, step.id).toEqual([]);
    }
    // What the sample leaves out of the steps is the receipt alone.
    expect(Object.keys(sample).sort()).toEqual(claim.steps.filter((s) => s.schema).map((s) => s.id).sort());
  });

  it('refuses a NUL byte or a line break in any text it asks for', () => {
    const ajv = createStepAjv();
    for (const step of claim.steps.filter((s) => s.schema)) {
      const validate = ajv.compile(step.schema as object);
      const properties = (step.schema?.properties ?? {}) as Record<string, { type?: string }>;
      for (const [name] of Object.entries(properties).filter(([, p]) => p.type === 'string')) {
        for (const hostile of ['Toshkent\u0000 12', 'Toshkent\n12']) {
          validate({ ...sample[step.id], [name]: hostile });
          expect((validate.errors ?? []).some((e) => e.instancePath === `/${name}`), `${step.id}.${name}`).toBe(true);
        }
      }
    }
  });

  it('refuses its initial data (a blank claim cannot be filed)', () => {
    const ajv = createStepAjv();
    const refused = claim.steps.filter((s) => s.schema).some((step) => !ajv.compile(step.schema as object)(claim.initialData[step.id]));
    expect(refused).toBe(true);
  });

  it('has every message id it shows in the uz, en and ru catalogs', () => {
    const ids = [
      ...claimMessageIds(claim, signedIn, [sample, byAccount(sample)], claimRefusalKeys),
      ...claimMessageIds(claim, signedOut, [], []),
      ...kitSources.flatMap((source) => sourceMessageIds(source, 'claim')),
    ];
    expect(missingMessages(ids, catalogs)).toEqual([]);
  });
});

describe('the claim kit\'s rules', () => {
  const claim = claims.get('osago') as Claim;
  const sample = claimSample('osago', holder) as ClaimData;

  it('offers a policy of one\'s own only when signed in', () => {
    expect(claim.options?.(signedOut, sample).ways?.map((o) => o.value)).toEqual(['number']);
    expect(claim.options?.(signedIn, sample).ways?.map((o) => o.value)).toEqual(['mine', 'number']);
    expect(claim.options?.(signedIn, sample).policies?.[0]).toMatchObject({ value: signedIn.policies[0]?.id, text: 'OSG 2030000042 · 01A123BC (16.06.2030 – 15.06.2031)' });
  });

  it('shows the number, passport and birthday for a policy found by number, the list for one\'s own', () => {
    expect(hiddenPaths(claim.machine, 'policy', sample).sort()).toEqual(['/policyId']);
    expect(hiddenPaths(claim.machine, 'policy', { ...sample, policy: { way: 'mine', phone: '998901234567' } }).sort()).toEqual(['/birthday', '/passport', '/policyNumber']);
    expect(hiddenPaths(claim.machine, 'payout', sample).sort()).toEqual(['/account', '/mfo']);
    expect(hiddenPaths(claim.machine, 'party', { ...sample, party: { involved: false } }).sort()).toEqual(['/driverName', '/plate']);
  });

  it('says a card number that fails the Luhn check at the field, and takes the message back once it passes', () => {
    expect(luhnValid('8600123456789012')).toBe(true);
    expect(luhnValid('8600123456789013')).toBe(false);
    const checkCard = claim.machine.actions.checkCard;
    if (!checkCard) throw new Error('no checkCard');
    expect(checkCard({ ...sample, payout: { method: 'card', card: '8600123456789013' } }, sample).errors).toEqual({ payout: { '/card': 'claim.error.card' } });
    expect(checkCard(sample, sample)).toMatchObject({ withdrawn: { payout: { '/card': 'claim.error.card' } } });
    expect(checkCard(sample, sample).errors).toBeUndefined();
  });

  it('drops a list of photos the visitor emptied, so the claim comes without them instead of being refused', () => {
    const emptied = { ...sample, documents: { ...sample.documents, photos: [] } };
    const action = claim.machine.actions.photosEmptied;
    if (!action) throw new Error('no photosEmptied');
    expect(action(emptied, sample).data.documents).not.toHaveProperty('photos');
    expect(action(sample, sample).data).toBe(sample);
  });

  it('lists the claim for the consent: policy, event, the family\'s answers, each document with its files, the payout masked', () => {
    const rows = claim.summary(sample, signedOut);
    expect(rows).toContainEqual({ label: 'claim.summary.policy', value: 'OSG 2030000042' });
    expect(rows).toContainEqual({ label: 'claim.summary.event_date', value: '20.06.2030' });
    expect(rows).toContainEqual({ label: 'claim.car.field.plate', value: { plate: '01A123BC' } });
    expect(rows).toContainEqual({ label: 'claim.document.photos', value: { message: 'claim.summary.files', values: { count: 2 } } });
    expect(rows).toContainEqual({ label: 'claim.summary.payout', value: { message: 'claim.method.card.masked', values: { number: '8600 •••• •••• 9012' } } });
    const without = claim.summary({ ...sample, documents: { reportKind: 'police', reportNumber: '1' } }, signedOut);
    expect(without).toContainEqual({ label: 'claim.document.photos', value: { message: 'claim.summary.files.later' } });
  });

  it('names every status of a claim', () => {
    expect(claimStatuses).toEqual(['received', 'documents_requested', 'under_review', 'approved', 'declined', 'paid']);
  });
});

/** A fake API that also keeps the options each call was sent with. */
function recordingApi(answer: (call: RecordedCall) => FakeAnswer): ApiPort & { calls: RecordedCall[]; options: (CallOptions | undefined)[] } {
  const api = fakeApi(answer);
  const options: (CallOptions | undefined)[] = [];
  return {
    calls: api.calls,
    options,
    get: api.get,
    post: (path, body, callOptions) => {
      options.push(callOptions);
      return api.post(path, body, callOptions);
    },
    postForm: (path, body: FormBody, onProgress, callOptions) => {
      options.push(callOptions);
      return api.postForm(path, body, onProgress, callOptions);
    },
  };
}

const filed = ok({ claim_id: 'c0ffee00-0000-4000-8000-000000000001', number: 'C30-000042', status: 'received', documents: ['police_report'], answer_by: '2030-07-05' });
const blobs = (data: ClaimData) => {
  const refs: Record<string, Blob> = {};
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.id === 'string' && typeof record.size === 'number') refs[record.id] = new Blob([`bytes of ${record.id}`], { type: String(record.type) });
      else Object.values(record).forEach(visit);
    }
  };
  visit(data);
  return memoryFiles(refs);
};

describe('the claim binding', () => {
  const claim = claims.get('osago') as Claim;
  const sample = claimSample('osago', holder) as ClaimData;
  const data = { ...sample, receipt: { shown: true } } as ClaimData;

  it('loads the client\'s policies of the product as the catalog', async () => {
    const api = recordingApi(() => ok({ signed_in: true, policies: [{ id: 'p-1', number: 'OSG 2030000042', subject: '01A123BC', begin_date: '2030-06-16', end_date: '2031-06-15' }] }));
    await expect(claim.binding.load(api)).resolves.toEqual({ signedIn: true, policies: [{ id: 'p-1', number: 'OSG 2030000042', subject: '01A123BC', beginDate: '2030-06-16', endDate: '2031-06-15' }] });
    expect(api.calls).toEqual([{ method: 'GET', path: '/insurance-event/osago/policies' }]);
  });

  it('finds a policy by number, and says a policy it cannot find at the number', async () => {
    const findPolicy = claim.binding.calls?.findPolicy;
    if (!findPolicy) throw new Error('no findPolicy');
    const found = recordingApi(() => ok({ policy_number: 'OSG 2030000042', subject: '01A123BC', begin_date: '16.06.2030', end_date: '15.06.2031' }));
    await expect(findPolicy(found, { ...sample, policy: { ...sample.policy, policyNumber: 'osg 2030000042' } }, signedOut)).resolves.toEqual({ policy: { ...sample.policy, policyNumber: 'OSG 2030000042' } });
    expect(found.calls).toEqual([{ method: 'POST', path: '/insurance-event/osago/find-policy', body: { policy_number: 'osg 2030000042', passport: 'AA1234567', birthday: '1990-05-15' } }]);

    const missing = recordingApi(() => apiFailure(404, { result: false, error: 404, message: 'claim_policy_not_found', response: { field: '/policy_number' } }));
    const failure: unknown = await findPolicy(missing, sample, signedOut).catch((error: unknown) => error);
    expect(isBindingFailure(failure) && { id: failure.messageId, field: failure.field }).toEqual({ id: 'claim_policy_not_found', field: { step: 'policy', path: '/policyNumber' } });

    const mine = recordingApi(() => ok({}));
    await expect(findPolicy(mine, { ...sample, policy: { way: 'mine', policyId: 'p-1', phone: '998901234567' } }, signedIn)).resolves.toEqual({});
    expect(mine.calls).toEqual([]);
  });

  it('files the claim as multipart: the text field "claim" with the flow data but the receipt, each file a part named by its id, sent again as the same filing', async () => {
    const api = recordingApi(() => filed);
    const receipt = await claim.binding.file(api, data, { ...saveContext, files: blobs(sample) });
    expect(receipt).toEqual({ claimId: 'c0ffee00-0000-4000-8000-000000000001', number: 'C30-000042', documents: ['police_report'], answerBy: '2030-07-05' });
    const [call] = api.calls;
    expect(call?.path).toBe('/insurance-event/osago/file');
    expect(Object.keys(call?.form?.fields ?? {})).toEqual(['claim']);
    expect(JSON.parse(call?.form?.fields.claim ?? '')).toEqual({ data: sample, return_url: saveContext.returnPath });
    const ids = ['1', '2', '3'].map((n) => `${'0'.repeat(31)}${n}`);
    expect(Object.keys(call?.form?.files ?? {})).toEqual(ids);
    expect(call?.form?.files[ids[2] as string]?.filename).toBe('plate.jpg');
    expect(await call?.form?.files[ids[0] as string]?.blob.text()).toBe(`bytes of ${ids[0] as string}`);
    expect(api.options).toEqual([{ repeatable: 'tab' }]);
  });

  it("files a claim without files as JSON { data, return_url }", async () => {
    const api = recordingApi(() => filed);
    const { documents: _documents, ...rest } = sample;
    const bare = { ...rest, documents: { reportKind: 'police', reportNumber: '118' } } as ClaimData;
    await claim.binding.file(api, bare, saveContext);
    expect(api.calls).toEqual([{ method: 'POST', path: '/insurance-event/osago/file', body: { data: bare, return_url: saveContext.returnPath } }]);
    expect(api.options).toEqual([{ repeatable: 'tab' }]);
  });

  it('says a refused file\'s problem at its field, a refusal at the field it names, a file no longer on the device at its field', async () => {
    const refusedPhoto = recordingApi(() => apiFailure(400, { result: false, error: 400, message: 'file_refused', response: { field: '/documents/photos/1', reason: 'type' } }));
    const photo: unknown = await claim.binding.file(refusedPhoto, sample, { ...saveContext, files: blobs(sample) }).catch((error: unknown) => error);
    expect(isBindingFailure(photo) && { id: photo.messageId, field: photo.field }).toEqual({ id: 'engine.file.problem.type', field: { step: 'documents', path: '/photos/1' } });

    const future = recordingApi(() => apiFailure(400, { result: false, error: 400, message: 'claim_event_in_future', response: { field: '/event/date' } }));
    const date: unknown = await claim.binding.file(future, sample, { ...saveContext, files: blobs(sample) }).catch((error: unknown) => error);
    expect(isBindingFailure(date) && { id: date.messageId, field: date.field }).toEqual({ id: 'claim_event_in_future', field: { step: 'event', path: '/date' } });

    const busy = recordingApi(() => apiFailure(429, { result: false, error: 429, message: 'too_many_attempts', response: null }));
    const throttled: unknown = await claim.binding.file(busy, sample, { ...saveContext, files: blobs(sample) }).catch((error: unknown) => error);
    expect(isBindingFailure(throttled) && throttled.messageId).toBe('engine.error.too-many-attempts');

    const gone = recordingApi(() => filed);
    const lost: unknown = await claim.binding.file(gone, sample, { ...saveContext, files: memoryFiles({}) }).catch((error: unknown) => error);
    expect(isBindingFailure(lost) && { id: lost.messageId, field: lost.field }).toEqual({ id: 'engine.file.missing', field: { step: 'documents', path: '/police_report' } });
    expect(gone.calls).toEqual([]);
  });

  it('keeps a recorded form\'s part names as the request had them', () => {
    expect(recordedForm({ fields: [['claim', '{}']], files: [] }).fields).toEqual({ claim: '{}' });
  });
});
