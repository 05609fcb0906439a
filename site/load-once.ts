/**
 * `load(key)` run once per key, its promise shared by every caller; a failed load is forgotten, so
 * the next call tries again (a chunk that failed on a flaky network is fetched anew).
 */
export function loadOnce<K, V>(load: (key: K) => Promise<V>): (key: K) => Promise<V> {
  const loading = new Map<K, Promise<V>>();
  return (key) => {
    let pending = loading.get(key);
    if (!pending) {
      pending = load(key);
      loading.set(key, pending);
      pending.catch(() => loading.delete(key));
    }
    return pending;
  };
}
