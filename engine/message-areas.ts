/**
 * Message areas (`locales/<lang>/<area>.po`) of what the engine loads on its own: the payment and
 * download steps (`engine-payment`), the car catalogue's combobox (`engine-combobox`), the countries'
 * multiselect (`engine-country`), file fields (`engine-files`), repeated groups (`engine-array`), the
 * month picker (`engine-month`), the reset bar (`engine-reset`). They come with the code that shows them, so a flow page's first load carries
 * only the messages of its first step. The site tells the engine how an area loads (its catalogs,
 * in the active language); without a loader (tests, stories) every area is taken as loaded.
 */
let loader: ((area: string) => Promise<void>) | null = null;

export function setMessageAreaLoader(load: (area: string) => Promise<void>): void {
  loader = load;
}

/** Loads a message area of the engine's; resolves once its messages can be shown. */
export function loadMessageArea(area: string): Promise<void> {
  return loader ? loader(area) : Promise.resolve();
}
