import { AwsClient } from 'aws4fetch';
import { AppError } from '../envelope';
import type { S3Settings } from '../config';
import type { FileBytesStore } from './file-store';

/** The store did not answer, or answered with an error: the save or the read is to be tried again, and nothing is half kept. */
function unavailable(what: string): AppError {
  return new AppError(503, `the file store could not ${what}; try again`);
}

/**
 * An S3-compatible object store as the files' store: each file is the object `<prefix><file id>` of
 * the bucket, written with PUT, read with GET, deleted with DELETE, each request signed with
 * Signature Version 4 (aws4fetch). The database keeps the files' rows, so a contract knows its files
 * whichever store holds their bytes. A write that fails makes the save's transaction fail (503),
 * so no row names an object that is not there; an object whose row's transaction failed after it
 * was written stays, named by no contract, until the bucket's own lifecycle removes it.
 */
export function s3FileStore(settings: S3Settings): FileBytesStore {
  const client = new AwsClient({ accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey, service: 's3', region: settings.region });
  const base = `${settings.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(settings.bucket)}/${settings.prefix}`;
  const send = async (method: 'PUT' | 'GET' | 'DELETE', id: string, body?: Uint8Array): Promise<Response> => {
    const request = await client.sign(`${base}${encodeURIComponent(id)}`, {
      method,
      // A view of the same bytes, not a copy (the files' bytes are never in shared memory).
      ...(body ? { body: new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), headers: { 'content-type': 'application/octet-stream' } } : {}),
    });
    try {
      return await fetch(request);
    } catch {
      throw unavailable(`be reached (${method})`);
    }
  };
  return {
    name: 's3',
    async write(id, bytes) {
      const answer = await send('PUT', id, bytes);
      await answer.arrayBuffer();
      if (!answer.ok) throw unavailable(`keep a file (HTTP ${answer.status})`);
    },
    async read(id) {
      const answer = await send('GET', id);
      if (answer.status === 404) {
        await answer.arrayBuffer();
        return null;
      }
      if (!answer.ok) throw unavailable(`read a file (HTTP ${answer.status})`);
      return new Uint8Array(await answer.arrayBuffer());
    },
    async erase(ids) {
      for (const id of ids) {
        const answer = await send('DELETE', id);
        await answer.arrayBuffer();
        // Deleting what is gone already is done (a round that deleted it and then failed before its rows went).
        if (!answer.ok && answer.status !== 404) throw unavailable(`delete a file (HTTP ${answer.status})`);
      }
    },
  };
}
