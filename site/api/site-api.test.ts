// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toasts } from '../toast/toast-store';
import { SiteApiFailure } from './failure';

// The client chunk cannot load (the connection is gone): its import rejects as a browser's does.
vi.mock('./client', () => ({
  createApiClient: () => {
    throw new TypeError('Failed to fetch dynamically imported module: /assets/client-1.js');
  },
}));
vi.stubEnv('VITE_API_CREDENTIALS', '{ "site": "site:site-sandbox" }');

afterEach(() => vi.restoreAllMocks());

describe('the site API', () => {
  it('fails a call whose client cannot load as the connection failing: told in a toast, an ApiFailure for the flow, no reload', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const shown = vi.spyOn(toasts, 'show');
    const { api } = await import('./site-api');
    const failure = await api.post('/sayt/uyjoy-api/save', {}).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(SiteApiFailure);
    expect(failure).toMatchObject({ kind: 'offline', status: null });
    expect(shown).toHaveBeenCalledWith({ kind: 'error', message: 'site.error.offline' });
    // The next call tries to load the client again (and fails the same way here).
    await expect(api.get('/redirects')).rejects.toBeInstanceOf(SiteApiFailure);
    expect(shown).toHaveBeenCalledTimes(2);
  });
});
