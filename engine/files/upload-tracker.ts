import type { ApiFailure, ApiPort, CallOptions, FormBody } from '../definition';
import { loadMessageArea } from '../message-areas';

/** One file of an upload: its part, its name, its bytes and how many of them have gone out. */
export interface UploadedFileProgress {
  part: string;
  filename: string;
  size: number;
  sent: number;
}

/** The last multipart request of a flow: its files, and whether it is going out, went out or failed. */
export interface UploadState {
  files: UploadedFileProgress[];
  status: 'sending' | 'sent' | 'failed';
}

export interface UploadTracker {
  get(): UploadState | null;
  subscribe(listener: () => void): () => void;
  /** Forgets the last upload (the visitor moved on, or changed the data it carried). */
  clear(): void;
  /** The port whose `postForm` reports here; its other calls pass through. */
  track(api: ApiPort): ApiPort;
}

/**
 * Bytes sent of each file, from the bytes sent of the whole body: the text fields and part headers
 * go out first (FormBody's order), then the files one after the other.
 */
export function sentPerFile(sizes: readonly number[], sent: number, total: number): number[] {
  let start = Math.max(0, total - sizes.reduce((sum, size) => sum + size, 0));
  return sizes.map((size) => {
    const part = Math.min(size, Math.max(0, sent - start));
    start += size;
    return sent >= total ? size : part;
  });
}

/**
 * What a flow page shows of its uploads: `track(api)` gives the port the flow's machine calls, whose
 * multipart requests report their progress here (XMLHttpRequest's upload events in the site), so the
 * page can draw a bar per file and offer to send again when the request got no answer.
 */
export function createUploadTracker(): UploadTracker {
  let state: UploadState | null = null;
  const listeners = new Set<() => void>();
  const set = (next: UploadState | null) => {
    state = next;
    for (const listener of listeners) listener();
  };
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    clear: () => {
      if (state !== null) set(null);
    },
    track(api) {
      return {
        get: (path) => api.get(path),
        post: (path, body, options) => api.post(path, body, options),
        async postForm<T>(path: string, body: FormBody, onProgress?: (sent: number, total: number) => void, options?: CallOptions) {
          const sizes = body.files.map((file) => file.blob.size);
          const files = body.files.map((file) => ({ part: file.name, filename: file.filename, size: file.blob.size, sent: 0 }));
          // The panel's words come with the file fields; a flow reloaded on a later step sends its kept
          // files before any file field was drawn, so they are asked for here (at once when loaded).
          await loadMessageArea('engine-files');
          set({ files, status: 'sending' });
          try {
            const answer = await api.postForm<T>(path, body, (sent, total) => {
              const perFile = sentPerFile(sizes, sent, total);
              set({ files: files.map((file, i) => ({ ...file, sent: perFile[i] ?? 0 })), status: 'sending' });
              onProgress?.(sent, total);
            }, options);
            set({ files: files.map((file) => ({ ...file, sent: file.size })), status: 'sent' });
            return answer;
          } catch (error) {
            // Only a request that got no answer left its files unsent; a refusal is the step's error to say.
            const unanswered = (error as Partial<ApiFailure>).status === null;
            set(unanswered ? { files: state?.files ?? files, status: 'failed' } : null);
            throw error;
          }
        },
      };
    },
  };
}
