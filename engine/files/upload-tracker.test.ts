import { describe, expect, it } from 'vitest';
import type { ApiFailure, ApiPort, Envelope, FormBody } from '../definition';
import { setMessageAreaLoader } from '../message-areas';
import { createUploadTracker, sentPerFile } from './upload-tracker';

const form: FormBody = {
  fields: [['nickname', 'Mosh']],
  files: [
    { name: 'photo_1', filename: 'face.jpg', blob: new Blob([new Uint8Array(600)]) },
    { name: 'photo_2', filename: 'side.jpg', blob: new Blob([new Uint8Array(400)]) },
  ],
};

const failure = (status: number | null): ApiFailure => Object.assign(new Error('failed'), { status });

/** A port whose multipart call reports `steps` of progress over a body of `total` bytes, then answers `outcome`. */
function port(steps: number[], total: number, outcome: Envelope<unknown> | ApiFailure, seen: unknown[][] = []): ApiPort {
  return {
    get: async () => ({ result: true, error: 0, message: '', response: null }) as Envelope<never>,
    post: async () => ({ result: true, error: 0, message: '', response: null }) as Envelope<never>,
    async postForm<T>(_path: string, _body: FormBody, onProgress?: (sent: number, total: number) => void) {
      for (const sent of steps) onProgress?.(sent, total);
      seen.push([...steps]);
      if (outcome instanceof Error) throw outcome;
      return outcome as Envelope<T>;
    },
  };
}

describe('bytes sent of each file', () => {
  it('counts the fields first, then each file in turn', () => {
    expect(sentPerFile([600, 400], 0, 1100)).toEqual([0, 0]);
    expect(sentPerFile([600, 400], 100, 1100)).toEqual([0, 0]);
    expect(sentPerFile([600, 400], 400, 1100)).toEqual([300, 0]);
    expect(sentPerFile([600, 400], 900, 1100)).toEqual([600, 200]);
    expect(sentPerFile([600, 400], 1100, 1100)).toEqual([600, 400]);
  });
});

describe('the upload tracker', () => {
  it('follows a multipart call from its first byte to its answer, and passes progress on', async () => {
    const tracker = createUploadTracker();
    const states: unknown[] = [];
    tracker.subscribe(() => states.push(tracker.get()));
    const heard: [number, number][] = [];
    const ok = { result: true, error: 0, message: 'ok', response: { contract_id: 'c' } };
    const answer = await tracker.track(port([0, 700, 1100], 1100, ok)).postForm('/save', form, (sent, total) => heard.push([sent, total]));
    expect(answer).toEqual(ok);
    expect(heard).toEqual([[0, 1100], [700, 1100], [1100, 1100]]);
    expect(states[0]).toEqual({ status: 'sending', files: [{ part: 'photo_1', filename: 'face.jpg', size: 600, sent: 0 }, { part: 'photo_2', filename: 'side.jpg', size: 400, sent: 0 }] });
    expect(states).toContainEqual({ status: 'sending', files: [{ part: 'photo_1', filename: 'face.jpg', size: 600, sent: 600 }, { part: 'photo_2', filename: 'side.jpg', size: 400, sent: 0 }] });
    expect(tracker.get()).toEqual({ status: 'sent', files: [{ part: 'photo_1', filename: 'face.jpg', size: 600, sent: 600 }, { part: 'photo_2', filename: 'side.jpg', size: 400, sent: 400 }] });
    tracker.clear();
    expect(tracker.get()).toBeNull();
  });

  it('keeps what went out of an upload that got no answer, and forgets one the server refused', async () => {
    const tracker = createUploadTracker();
    await expect(tracker.track(port([0, 500], 1100, failure(null))).postForm('/save', form)).rejects.toThrow();
    expect(tracker.get()).toEqual({ status: 'failed', files: [{ part: 'photo_1', filename: 'face.jpg', size: 600, sent: 400 }, { part: 'photo_2', filename: 'side.jpg', size: 400, sent: 0 }] });
    await expect(tracker.track(port([1100], 1100, failure(422))).postForm('/save', form)).rejects.toThrow();
    expect(tracker.get()).toBeNull();
  });

  it('has the panel\'s messages loaded before it shows a file going out', async () => {
    const loaded: string[] = [];
    let shownAfter: string[] | null = null;
    setMessageAreaLoader(async (area) => {
      loaded.push(area);
    });
    try {
      const tracker = createUploadTracker();
      tracker.subscribe(() => {
        shownAfter ??= [...loaded];
      });
      await tracker.track(port([1100], 1100, { result: true, error: 0, message: 'ok', response: null })).postForm('/save', form);
      expect(shownAfter).toEqual(['engine-files']);
    } finally {
      setMessageAreaLoader(async () => undefined);
    }
  });

  it('passes the other calls through untouched', async () => {
    const tracker = createUploadTracker();
    const api = tracker.track(port([], 0, failure(null)));
    await expect(api.get('/x')).resolves.toMatchObject({ result: true });
    await expect(api.post('/x', {})).resolves.toMatchObject({ result: true });
    expect(tracker.get()).toBeNull();
  });
});
