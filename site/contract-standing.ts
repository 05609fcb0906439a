import { createContext } from 'react';
import type { ContractStanding } from '../products/kit/site/site-pages';

/**
 * What the thank-you page shows of its contract when the server draws it (site/prerender.tsx
 * `renderThankYouPage`): the page is then sent without scripts. Null in the browser, where the page
 * checks the contract itself (the build's prerendered page, or a navigation inside the site).
 */
export const ContractStandingContext = createContext<ContractStanding | null>(null);
