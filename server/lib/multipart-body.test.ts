import { Agent, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../envelope';
import { createTestApp, fixtureFile, multipart as encode, refusedFiles, siteAuth, type MultipartBody } from '../test-helpers';
import { reading } from './calls';
import { multipartBody } from './multipart-body';

/** A file part of a save's schema: what the server reads it into. */
const filePart = (types: string[]) => ({
  type: 'object',
  properties: {
    filename: { type: 'string', maxLength: 120 },
    mimetype: { type: 'string', enum: types },
    size: { type: 'integer', minimum: 1, maximum: 10 * 1024 * 1024 },
  },
  required: ['filename', 'mimetype', 'size'],
  additionalProperties: false,
});

const schema = {
  type: 'object',
  properties: {
    nickname: { type: 'string', maxLength: 40 },
    amount: { type: 'integer', minimum: 1 },
    agreed: { type: 'boolean' },
    photo: filePart(['image/jpeg', 'image/png', 'image/webp']),
    document: filePart(['image/jpeg', 'image/png', 'image/webp', 'application/pdf']),
  },
  required: ['nickname', 'amount', 'photo'],
  additionalProperties: false,
};

let app: FastifyInstance;
beforeAll(async () => {
  // As the server's own: no type coercion, so only the reader turns text into numbers.
  app = Fastify({ ajv: { customOptions: { coerceTypes: false } } });
  await app.register(multipart, { throwFileSizeLimit: false });
  app.decorateRequest('uploads', null);
  // As the server's error handler answers: the status, the message naming the field, the response.
  app.setErrorHandler((error: FastifyError | AppError, _request, reply) => {
    const status = error instanceof AppError ? error.statusCode : (error.statusCode ?? 500);
    return reply.code(status).send({ message: error.message, response: error instanceof AppError ? error.response : null });
  });
  // As a save is served: its parts read, then the reading every call shares for a body its schema refuses.
  app.post('/save', { preValidation: multipartBody(schema), ...reading(app, null, schema), schema: { body: schema } }, async (request) => ({
    body: request.body,
    uploads: (request.uploads ?? []).map((file) => ({ field: file.field, filename: file.filename, type: file.contentType, size: file.bytes.byteLength })),
  }));
  await app.ready();
});
afterAll(() => app.close());

const photo = () => ({ name: 'photo', filename: 'IMG_0042.jpg', blob: fixtureFile('pet-face.jpg') });
const valid = (): MultipartBody => ({ fields: [['nickname', 'Mosh'], ['amount', '150000'], ['agreed', 'true']], files: [photo()] });

async function send(body: MultipartBody) {
  const { payload, contentType } = await encode(body);
  return app.inject({ method: 'POST', url: '/save', payload, headers: { 'content-type': contentType } });
}

const raw = (payload: string | Buffer, boundary = 'b0undary') =>
  app.inject({ method: 'POST', url: '/save', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } });

describe('reading a multipart save', () => {
  it('types each text field as its schema does and describes each file by its content', async () => {
    const res = await send({ ...valid(), files: [photo(), { name: 'document', filename: 'C:\\scans\\spravka.pdf', blob: fixtureFile('salary-certificate.pdf') }] });
    expect(res.statusCode, res.body).toBe(200);
    const size = (await fixtureFile('pet-face.jpg').arrayBuffer()).byteLength;
    expect(res.json()).toMatchObject({
      body: {
        nickname: 'Mosh', amount: 150_000, agreed: true,
        photo: { filename: 'IMG_0042.jpg', mimetype: 'image/jpeg', size },
        document: { filename: 'spravka.pdf', mimetype: 'application/pdf' },
      },
      uploads: [{ field: 'photo', type: 'image/jpeg', size }, { field: 'document', type: 'application/pdf', filename: 'spravka.pdf' }],
    });
  });

  it('trusts the content, not the type the client claims: a PNG sent as image/jpeg is a PNG', async () => {
    const { payload, contentType } = await encode({ ...valid(), files: [{ name: 'photo', filename: 'round.jpg', blob: new Blob([await fixtureFile('round-transparent.png').arrayBuffer()], { type: 'image/jpeg' }) }] });
    const res = await app.inject({ method: 'POST', url: '/save', payload, headers: { 'content-type': contentType } });
    expect(res.json().body.photo.mimetype).toBe('image/png');
  });

  it('takes a part under another spelling of its name, and a yes/no as 1 or 0, as a JSON body\'s member', async () => {
    const res = await send({ ...valid(), fields: [['NickName', 'Mosh'], ['AMOUNT', '150000'], ['agreed', '1']] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toMatchObject({ nickname: 'Mosh', amount: 150_000, agreed: true });
    const twice = await send({ ...valid(), fields: [...valid().fields, ['Nickname', 'Barsik']] });
    expect(twice.statusCode).toBe(400);
    expect(twice.json().response.field).toBe('/nickname');
  });

  it('leaves a field that is not a whole number as text, for the schema to refuse by name', async () => {
    const res = await send({ ...valid(), fields: [['nickname', 'Mosh'], ['amount', '15e4']] });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('amount');
  });

  it('refuses a JSON body with 415: its files can only be parts', async () => {
    const res = await app.inject({ method: 'POST', url: '/save', payload: { nickname: 'Mosh', amount: 1, photo: { filename: 'x.jpg', mimetype: 'image/jpeg', size: 10 } } });
    expect(res.statusCode).toBe(415);
  });

  for (const file of refusedFiles()) {
    it(`refuses ${file.what} with ${file.status}, naming the part and the reason`, async () => {
      const res = await send({ ...valid(), files: [photo(), { name: 'document', filename: file.filename, blob: file.blob }] });
      expect(res.statusCode, res.body).toBe(file.status);
      expect(res.json()).toMatchObject({ message: expect.stringContaining('body/document'), response: { field: '/document', reason: file.reason } });
    });
  }

  it('refuses a PDF where only photos are taken', async () => {
    const res = await send({ ...valid(), files: [{ name: 'photo', filename: 'photo.jpg', blob: fixtureFile('salary-certificate.pdf') }] });
    expect(res.statusCode).toBe(415);
    expect(res.json().response).toEqual({ field: '/photo', reason: 'type' });
  });

  it('refuses parts it does not know, parts sent twice, and files and text in each other\'s place, naming them', async () => {
    const cases: [MultipartBody, number, string][] = [
      [{ ...valid(), fields: [...valid().fields, ['colour', 'ginger']] }, 400, '/colour'],
      [{ ...valid(), fields: [...valid().fields, ['nickname', 'Barsik']] }, 400, '/nickname'],
      [{ ...valid(), files: [photo(), photo()] }, 400, '/photo'],
      [{ ...valid(), fields: [...valid().fields, ['document', 'a text']] }, 400, '/document'],
      [{ ...valid(), files: [photo(), { name: 'nickname', filename: 'n.jpg', blob: fixtureFile('pet-face.jpg') }] }, 400, '/nickname'],
    ];
    for (const [body, status, field] of cases) {
      const res = await send(body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(status);
      expect(res.json().response.field).toBe(field);
    }
  });

  it('refuses NUL characters in a field and a part named like an object\'s own property', async () => {
    const nul = await send({ ...valid(), fields: [['nickname', 'Mo\u0000sh'], ['amount', '1']] });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().response.field).toBe('/nickname');
    for (const name of ['__proto__', 'constructor', 'toString']) {
      const res = await send({ ...valid(), fields: [[name, 'x'], ...valid().fields] });
      expect(res.statusCode, name).toBe(400);
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('refuses a field over its size, and more parts than the call has', async () => {
    const long = await send({ ...valid(), fields: [['nickname', 'x'.repeat(10_000)], ['amount', '1']] });
    expect(long.statusCode).toBe(413);
    const many = await send({ ...valid(), fields: Array.from({ length: 5000 }, (_, i) => [`f${i}`, 'x'] as [string, string]) });
    expect(many.statusCode).toBeGreaterThanOrEqual(400);
    expect(many.statusCode).toBeLessThan(500);
  });

  it('refuses bodies cut short, without a boundary, or not multipart at all with a 4xx', async () => {
    const { payload } = await encode(valid());
    const bodies: Promise<{ statusCode: number; body: string }>[] = [
      raw(payload.subarray(0, Math.floor(payload.length / 2)), (await encode(valid())).contentType.split('boundary=')[1]),
      raw('--b0undary\r\nContent-Disposition: form-data; name="nickname"\r\n\r\nMosh'),
      raw('--b0undary\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b0undary--\r\n'),
      raw('nonsense without any boundary'),
      raw(''),
      app.inject({ method: 'POST', url: '/save', payload: 'x', headers: { 'content-type': 'multipart/form-data' } }),
    ];
    for (const res of await Promise.all(bodies)) {
      expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, res.body).toBeLessThan(500);
    }
  });

  it('still answers a good save after all that', async () => {
    expect((await send(valid())).statusCode).toBe(200);
  });
});

/**
 * The pet and job-loss saves over a real keep-alive connection (inject has none): a save refused
 * before its body is read must leave the connection able to answer the next request, or close it,
 * as a refused JSON body does — not keep it open with the rest of the body unread.
 */
describe('a refused multipart save on a keep-alive connection', () => {
  let shop: FastifyInstance;
  let port = 0;
  beforeAll(async () => {
    shop = await createTestApp();
    await shop.listen({ host: '127.0.0.1', port: 0 });
    port = (shop.server.address() as AddressInfo).port;
  });
  afterAll(() => shop.close());

  const boundary = 'keep-alive-boundary';
  const part = (name: string, content: Buffer | string, filename?: string) => Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: image/jpeg` : ''}\r\n\r\n`),
    Buffer.from(content),
    Buffer.from('\r\n'),
  ]);
  const form = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]);
  /** A JPEG's first bytes, then zeros up to `megabytes`. */
  const photo = (megabytes: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(megabytes * 1024 * 1024 - 4)]);

  /**
   * One request through `agent` (its body written in full, or only `head` of the length it declares),
   * answered within `seconds`: its status, body and Connection header.
   */
  function send(agent: Agent, method: string, path: string, options: { headers?: Record<string, string>; body?: Buffer; head?: Buffer; seconds?: number } = {}) {
    return new Promise<{ status: number; body: string; connection: string | undefined }>((resolve, reject) => {
      const req = httpRequest({ agent, host: '127.0.0.1', port, method, path, headers: { authorization: siteAuth, ...options.headers }, signal: AbortSignal.timeout((options.seconds ?? 10) * 1000) }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString(), connection: res.headers.connection }));
        res.on('error', reject);
      });
      // The server may answer and close before the whole body is written: the answer counts, not the write.
      req.on('error', reject);
      if (options.head) req.write(options.head);
      else req.end(options.body);
    });
  }
  const multipartHeaders = (length: number) => ({ 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': String(length) });
  /** The next request on the agent's one connection, answered at once. */
  const next = (agent: Agent) => send(agent, 'GET', '/api/sayt/pet-insurance/programs', { seconds: 5 });

  const saves = [
    { url: '/api/sayt/pet-insurance/save', file: 'photo_1', field: 'nickname' },
    { url: '/api/sayt/job-lose/save', file: 'work_book', field: 'job_title' },
  ];
  for (const { url, file, field } of saves) {
    const refusals = [
      { what: 'a 24 MB photo', status: 413, body: () => form(part(field, 'Mosh'), part(file, photo(24), 'big.jpg')) },
      { what: 'an unknown part before a file', status: 400, body: () => form(part('no_such_part', 'x'), part(file, photo(3), 'scan.jpg')) },
    ];
    for (const refusal of refusals) {
      it(`${url}: ${refusal.what} is answered ${refusal.status}, and the next request on the connection is answered too`, async () => {
        const agent = new Agent({ keepAlive: true, maxSockets: 1 });
        try {
          const body = refusal.body();
          const refused = await send(agent, 'POST', url, { headers: multipartHeaders(body.length), body });
          expect(refused.status, refused.body).toBe(refusal.status);
          expect(JSON.parse(refused.body)).toMatchObject({ result: false, error: refusal.status });
          expect((await next(agent)).status).toBe(200);
        } finally {
          agent.destroy();
        }
      });
    }
  }

  it('a body declared larger than any the save takes is not read to its end: the refusal closes the connection', async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const head = Buffer.concat([part('nickname', 'Mosh'), part('photo_1', photo(11), 'huge.jpg')]);
      const refused = await send(agent, 'POST', '/api/sayt/pet-insurance/save', { headers: multipartHeaders(200 * 1024 * 1024), head });
      expect([refused.status, refused.connection]).toEqual([413, 'close']);
      expect((await next(agent)).status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});
