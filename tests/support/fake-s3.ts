import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';

export interface FakeS3 {
  /** The service's address, for `S3_ENDPOINT`. */
  endpoint: string;
  /** The objects it holds, by path (`/bucket/key`). */
  objects: Map<string, Buffer>;
  /** Every request, as `METHOD /bucket/key`. */
  requests: string[];
  /** While set, every request is answered with this status. */
  failWith: number | null;
  close(): Promise<void>;
}

const body = (request: IncomingMessage) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });

/**
 * An S3-compatible object store in this process, as much of one as the files' store uses (PUT, GET,
 * DELETE of objects, path-style), that refuses with 403 a request whose Signature Version 4 is not
 * the one the credentials give for what arrived (the signed headers, the body's hash, the date).
 */
export async function startFakeS3(credentials: { accessKeyId: string; secretAccessKey: string; region: string }): Promise<FakeS3> {
  const fake: Omit<FakeS3, 'endpoint' | 'close'> = { objects: new Map(), requests: [], failWith: null };
  const server = createServer((request, response) => {
    void (async () => {
      const bytes = await body(request);
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      fake.requests.push(`${request.method} ${path}`);
      const authorization = request.headers.authorization ?? '';
      const signed = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(authorization);
      const headers = new Headers();
      for (const name of signed?.[3]?.split(';') ?? []) headers.set(name, String(request.headers[name] ?? ''));
      const expected = signed
        ? await new AwsV4Signer({
            method: request.method ?? 'GET',
            url: `http://${request.headers.host}${request.url}`,
            headers,
            accessKeyId: credentials.accessKeyId,
            secretAccessKey: credentials.secretAccessKey,
            service: 's3',
            region: credentials.region,
            datetime: String(request.headers['x-amz-date']),
          }).authHeader()
        : null;
      const hashOk = request.headers['x-amz-content-sha256'] === createHash('sha256').update(bytes).digest('hex') || request.headers['x-amz-content-sha256'] === 'UNSIGNED-PAYLOAD';
      if (!signed || signed[1] !== credentials.accessKeyId || expected !== authorization || !hashOk) {
        response.writeHead(403, { 'content-type': 'application/xml' }).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
        return;
      }
      if (fake.failWith !== null) {
        response.writeHead(fake.failWith, { 'content-type': 'application/xml' }).end('<Error><Code>InternalError</Code></Error>');
        return;
      }
      if (request.method === 'PUT') {
        fake.objects.set(path, bytes);
        response.writeHead(200, { etag: `"${createHash('md5').update(bytes).digest('hex')}"` }).end();
      } else if (request.method === 'GET') {
        const object = fake.objects.get(path);
        if (object) response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': object.length }).end(object);
        else response.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
      } else if (request.method === 'DELETE') {
        fake.objects.delete(path);
        response.writeHead(204).end();
      } else {
        response.writeHead(405).end();
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    endpoint: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
