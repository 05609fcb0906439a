import type { FormBody, Repeatable } from '../../engine/definition';

/** The request header the server reads (server/plugins/app/idempotency.ts). */
export const idempotencyHeader = 'Idempotency-Key';
/** What the server names in a refusal of the header. */
export const idempotencyField = '/headers/idempotency-key';

/** How long the server gives a key's answer again; an attempt older than that is a new one. */
const keptMs = 24 * 60 * 60_000;
/** Where a tab keeps the keys of its attempts not yet answered, beside its draft. */
const storageKey = 'shop.idempotency-keys';

interface Pending {
  key: string;
  /** When the attempt was first sent (ms). */
  at: number;
}

/**
 * The keys of the attempts not yet answered, by attempt (`attemptOf`): a call sent again before its
 * answer came is sent with the same key; once answered (or refused), the next call, even with the
 * same body, is a new attempt with a new key. `tab` attempts are also kept in the tab's
 * sessionStorage, so a reload that lost the answer sends the save it rebuilds from the draft with
 * its first key; `page` ones only in memory.
 */
export interface IdempotencyKeys {
  /** The attempt's key: the one it was first sent with, or a new one. */
  keyFor(attempt: string, repeatable: Repeatable): string;
  /** A new key for the attempt (the server knew the old one with another request). */
  renew(attempt: string, repeatable: Repeatable): string;
  /** The attempt was answered: its key is done with. */
  answered(attempt: string): void;
}

/** A new key: 128 random bits (crypto.getRandomValues works on pages served without TLS too, unlike randomUUID). */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A 53-bit hash of text (cyrb53): enough to tell a tab's few pending attempts apart, and no copy of what they carry. */
function hash53(text: string, seed: number): string {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

const isFormBody = (body: unknown): body is FormBody =>
  typeof body === 'object' && body !== null && Array.isArray((body as FormBody).fields) && Array.isArray((body as FormBody).files);

/**
 * Which attempt a call is: its path and body (a form's fields, and its files by name, size and
 * type), hashed. A draft rebuilds a save's body the same way after a reload, so it is the same attempt.
 */
export function attemptOf(path: string, body: unknown): string {
  const content = isFormBody(body)
    ? JSON.stringify([body.fields, body.files.map((file) => [file.name, file.filename, file.blob.size, file.blob.type])])
    : JSON.stringify(body) ?? '';
  const text = `${path}\n${content}`;
  return `${hash53(text, 1)}.${hash53(text, 2)}`;
}

/** The tab's storage, or null where there is none or it refuses (a private window, a full quota). */
function tabStorage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function idempotencyKeys(storage: Storage | null = tabStorage(), now: () => number = Date.now): IdempotencyKeys {
  const inPage = new Map<string, Pending>();

  const readTab = (): Record<string, Pending> => {
    try {
      const kept: unknown = JSON.parse(storage?.getItem(storageKey) ?? '{}');
      return typeof kept === 'object' && kept !== null ? (kept as Record<string, Pending>) : {};
    } catch {
      return {};
    }
  };
  const writeTab = (pending: Record<string, Pending>) => {
    const fresh = Object.entries(pending).filter(([, entry]) => now() - entry.at < keptMs);
    try {
      if (fresh.length === 0) storage?.removeItem(storageKey);
      else storage?.setItem(storageKey, JSON.stringify(Object.fromEntries(fresh)));
    } catch {
      // Not kept across a reload then; the page still repeats with its key.
    }
  };
  const find = (attempt: string): Pending | undefined => {
    const entry = inPage.get(attempt) ?? readTab()[attempt];
    return entry && now() - entry.at < keptMs ? entry : undefined;
  };
  const keep = (attempt: string, repeatable: Repeatable, entry: Pending) => {
    inPage.set(attempt, entry);
    if (repeatable === 'tab') writeTab({ ...readTab(), [attempt]: entry });
  };

  return {
    keyFor(attempt, repeatable) {
      const found = find(attempt);
      if (found) {
        inPage.set(attempt, found);
        return found.key;
      }
      const entry = { key: newKey(), at: now() };
      keep(attempt, repeatable, entry);
      return entry.key;
    },
    renew(attempt, repeatable) {
      const entry = { key: newKey(), at: now() };
      keep(attempt, repeatable, entry);
      return entry.key;
    },
    answered(attempt) {
      inPage.delete(attempt);
      const tab = readTab();
      if (attempt in tab) {
        delete tab[attempt];
        writeTab(tab);
      }
    },
  };
}
