import { createContext, useCallback, useContext, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { basicAuthorization, credentialFor, parseCredentials } from '../api/credentials';
import { loginAddress } from '../../products/kit/site/site-pages';
import { useLang } from '../use-lang';
import { setSignedIn } from './account';
import { CabinetRefusal, cabinetApi, type CabinetApi } from './cabinet-api';
import { fetchTransport } from './cabinet-transport';

const siteCredential = () => basicAuthorization(credentialFor(parseCredentials(import.meta.env.VITE_API_CREDENTIALS), null));

/** The cabinet's calls the pages make (tests give their own). */
export const CabinetApiContext = createContext<CabinetApi>(
  cabinetApi(fetchTransport({ fetch: (input, init) => fetch(input, init), authorization: siteCredential, cookie: () => (typeof document === 'undefined' ? '' : document.cookie) })),
);

export function useCabinetApi(): CabinetApi {
  return useContext(CabinetApiContext);
}

/**
 * Signs the visitor out in the page (the header forgets their name) and sends them to the sign-in
 * page, which brings them back here: the session ended (a call answered 401) while they were away.
 */
export function useSessionEnded(): () => void {
  const navigate = useNavigate();
  const lang = useLang();
  const { pathname, search } = useLocation();
  return useCallback(() => {
    setSignedIn(null);
    void navigate(loginAddress(lang, `${pathname}${search}`), { replace: true });
  }, [navigate, lang, pathname, search]);
}

export type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; refusal: CabinetRefusal };

/**
 * A cabinet call's answer for a page: loading, the data, or why not; a 401 signs the visitor out and
 * sends them to sign in. `reload` asks again; `replace` shows what another call answered (a change's result).
 */
export function useCabinetData<T>(load: (cabinet: CabinetApi) => Promise<T>, key: string): Loaded<T> & { reload: () => void; replace: (data: T) => void } {
  const cabinet = useCabinetApi();
  const ended = useSessionEnded();
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  const [round, setRound] = useState(0);
  useEffect(() => {
    let current = true;
    setLoaded({ state: 'loading' });
    load(cabinet).then(
      (data) => current && setLoaded({ state: 'ready', data }),
      (error: unknown) => {
        if (!current) return;
        const refusal = error instanceof CabinetRefusal ? error : new CabinetRefusal('unavailable', null);
        if (refusal.signedOut) ended();
        else setLoaded({ state: 'failed', refusal });
      },
    );
    return () => {
      current = false;
    };
    // `load` is the page's own function of the key: asked again when the key or the round changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cabinet, key, round]);
  return { ...loaded, reload: useCallback(() => setRound((n) => n + 1), []), replace: useCallback((data: T) => setLoaded({ state: 'ready', data }), []) };
}
