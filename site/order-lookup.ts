import { createContext } from 'react';
import type { OrderLookupState } from '../products/kit/site/site-pages';

/**
 * The answer of an order lookup the Paynet page is drawn with: the build renders the page once per
 * answer, with placeholders where the server writes the order number and the amount
 * (products/kit/site/site-pages.ts `orderLookupPlaceholders`). Null (the page as first opened, and always in
 * the browser: an answer comes only from the server, never from the address).
 */
export const OrderLookupContext = createContext<OrderLookupState | null>(null);
