import { createContext } from 'react';

/**
 * Whether the page is being drawn for an island: the server and the build render a flow page around
 * an empty island element and the island's own tree apart (site/flow-island.tsx), the very tree the
 * browser hydrates there. Outside (a page opened inside the site's router) the flow renders in place.
 * Its own module: the site's shell reads it without loading the flow.
 */
export const IslandSlotContext = createContext(false);
