import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageShell } from '../../server/lib/page-shell';
import { loadProducts } from '../../server/lib/product-registry';
import { homeSaveBody, paycomAuth, siteAuth } from '../../server/test-helpers';
import { checkoutTexts, sandboxCards } from '../../server/payments/sandbox-checkout';
import { expectAccessible, fillSandboxCard, loadTexts, sandboxPayButton, text } from './shop';
import { readBuildManifest } from '../support/bundle-manifest';

test.beforeAll(loadTexts);

/** The insurer's legal details the site is built with. */
const insurer = JSON.parse(readFileSync('config/insurer.json', 'utf8')) as Record<'legalName' | 'licence' | 'address', Record<'uz' | 'en' | 'ru', string>> & { tin: string };

test('an unknown route shows the 404 page', async ({ page }) => {
  const response = await page.goto('/en/no-such-page');
  // The server knows the site's page list (products/kit/site/site-pages.ts): the status says 404 too.
  expect(response?.status()).toBe(404);
  // Prerendered, in the address's language, naming the address.
  expect(await response?.text()).toContain('/en/no-such-page');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(text('en', 'pages.notFound.title'));
});

test("an address without a language is read in the visitor's language, the bare one as the home page itself, and every page remembers the language it shows", async ({ browser }) => {
  // A Russian browser (its Accept-Language) that has not chosen a language on the site yet.
  const context = await browser.newContext({ locale: 'ru-RU' });
  const page = await context.newPage();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  const langCookie = async () => (await context.cookies()).find((cookie) => cookie.name === 'lang');

  const home = await page.goto('/');
  expect(home?.status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ru', 'pages.home.title'));
  // One page per language for search engines: this one is the Russian home page.
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new URL('/ru', page.url()).href);
  expect(await langCookie()).toMatchObject({ value: 'ru', path: '/', sameSite: 'Lax' });
  expect((await langCookie())?.expires).toBeGreaterThan(Date.now() / 1000 + 364 * 24 * 60 * 60);

  // The home page's language links run no script; the page they lead to remembers the choice.
  await page.locator('header a[hreflang="en"]').click();
  await expect(page).toHaveURL(/\/en$/);
  expect((await langCookie())?.value).toBe('en');

  // An address that is no page: the 404 page in the chosen language, naming the address as typed.
  const missing = await page.goto('/no-such-page');
  expect(missing?.status()).toBe(404);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('en', 'pages.notFound.title'));
  await expect(page.locator('main')).toContainText(' /no-such-page');
  await expect(page.locator('main')).not.toContainText('/en/no-such-page');
  // Its language links lead to the address in each language.
  await expect(page.locator('header a[hreflang="ru"]')).toHaveAttribute('href', '/ru/no-such-page');

  // Without a chosen language, the browser's: Russian.
  await context.clearCookies();
  await page.goto('/no-such-page');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ru', 'pages.notFound.title'));
  await expect(page.locator('main')).not.toContainText('/uz/no-such-page');
  expect((await langCookie())?.value).toBe('ru');
  await expectAccessible(page, '404 page of an address without a language');
  expect(scripts).toEqual([]);
  await context.close();
});

test("the 500 page the server sends for a page it failed to serve works without script, in the address's language, and leads back", async ({ page }) => {
  const shell = pageShell(join(process.cwd(), 'dist/site'), (await loadProducts()).map((product) => product.manifest));
  for (const lang of ['uz', 'en', 'ru'] as const) {
    const address = `/${lang}/travel?step=trip`;
    const html = shell.serverError(address)?.html;
    if (html === undefined) throw new Error('the build has no 500 page');
    expect(html).not.toMatch(/<script type="module"|modulepreload/);
    // Served as the error handler serves it, for the address that failed.
    await page.route(`**${address}`, (route) => route.fulfill({ status: 500, contentType: 'text/html; charset=utf-8', body: html }), { times: 1 });
    await page.goto(address);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text(lang, 'pages.serverError.title'));
    await expectAccessible(page, `500 page in ${lang}`);
    // Its reload link asks for the same address again (served normally now).
    await page.getByRole('link', { name: text(lang, 'site.action.reload') }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/travel\\?step=`));
    await expect(page.locator('form')).toBeVisible();
  }
});

test('the home page arrives as finished HTML in its language, loads no script, and leads into a flow', async ({ page, request }) => {
  for (const lang of ['uz', 'en', 'ru'] as const) {
    const response = await request.get(`/${lang}`);
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain(`<html lang="${lang}"`);
    expect(html).toContain(text(lang, 'pages.home.title'));
    expect(html).toContain(`<meta name="description" content="${text(lang, 'site.footer.about')}"`);
    expect(html).not.toMatch(/<script|modulepreload/);
    // The brand's mark and name, and the insurer's legal details from config/insurer.json in the footer.
    expect(html).toMatch(/<header[^>]*>[\s\S]*<svg aria-hidden="true" viewBox="0 0 32 32"[\s\S]*<\/header>/);
    const footer = /<footer[\s\S]*<\/footer>/.exec(html)?.[0] ?? '';
    for (const detail of [insurer.legalName[lang], insurer.licence[lang], insurer.address[lang], insurer.tin, text(lang, 'site.brand')]) {
      expect(footer, `${lang} footer`).toContain(detail);
    }
  }
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url());
  });
  await page.goto('/ru');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('ru', 'pages.home.title'));
  expect(scripts).toEqual([]);
  await page.getByRole('link', { name: `${text('ru', 'pages.home.buy')}: ${text('ru', 'site.product.travel.title')}` }).click();
  await expect(page).toHaveURL(/\/ru\/travel\?step=/);
  await expect(page.locator('form')).toBeVisible();
});

test('a flow page arrives with its first step drawn in the HTML, hydrates without an error or a catalog request, and a returning visitor resumes', async ({ page, request }) => {
  const html = await (await request.get('/ru/travel/neo')).text();
  expect(html).toContain('<html lang="ru"');
  expect(html).toContain(`<h1 id="page-title" class="mb-2 text-3xl font-bold">${text('ru', 'site.product.travel.title')}</h1>`);
  expect(html).toContain(text('ru', 'site.product.travel.summary'));
  expect(html).toContain(`<meta name="description" content="${text('ru', 'site.product.travel.summary')}"`);
  // The first step's form and the price panel, drawn by the server with the live catalog it embeds.
  expect(html).toContain(`>${text('ru', 'travel.step.trip')}</h2>`);
  expect(html).toContain(text('ru', 'travel.field.purpose'));
  expect(html).toMatch(/<form class="rjsf"/);
  expect(html).toContain('<script type="application/json" id="flow-catalog">');
  // Shown, but not usable before the scripts own it (a tap on Next would submit the bare form).
  expect(html).toMatch(/<div inert=""[^>]*><div class="min-w-0"><h2/);
  // The site's modules start after the first paint (site/public/after-paint.js).
  expect(html).toContain('<script defer src="/after-paint.js"></script>');
  expect(html).toContain('<script type="application/json" id="site-modules">');
  const problems: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) apiCalls.push(new URL(r.url()).pathname);
  });
  await page.goto('/ru/travel/neo');
  await expect(page.locator('form')).toBeVisible();
  await expect(page).toHaveURL(/\/ru\/travel\/neo\?step=trip/);
  await expect(page.locator('[inert]')).toHaveCount(0);
  // The flow started on the catalog the page came with.
  expect(apiCalls.filter((path) => path.includes('get_country'))).toEqual([]);
  // A visitor who moved on and comes back finds the step they were on (drawn anew over the HTML's first step).
  await page.getByRole('button', { name: text('ru', 'engine.next') }).click();
  await expect(page).toHaveURL(/step=dates/);
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: text('ru', 'travel.step.dates') })).toBeVisible();
  await expect(page).toHaveURL(/step=dates/);
  expect(problems).toEqual([]);
});

test('a flow page looks for a new deployment, and once there is one, the next step it moves to loads the new build where the visitor was', async ({ page }) => {
  await page.clock.install();
  const polls: string[] = [];
  let deployed: string | null = null;
  await page.route('**/builds/latest.json?*', (route) => {
    polls.push(new URL(route.request().url()).search);
    return deployed === null ? route.continue() : route.fulfill({ json: { version: deployed, builtAt: new Date().toISOString() } });
  });
  const documents: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'document') documents.push(new URL(sent.url()).search);
  });
  const sameDocument = () => page.evaluate(() => (window as { marked?: boolean }).marked === true);
  await page.goto('/en/travel');
  await expect(page).toHaveURL(/step=trip/);
  await expect(page.locator('[inert]')).toHaveCount(0);
  await page.evaluate(() => Object.assign(window, { marked: true }));

  // The first poll, five minutes on, finds the build the page runs: the flow moves on in the page.
  await page.clock.fastForward('05:00');
  await expect.poll(() => polls.length).toBe(1);
  expect(polls[0]).toMatch(/^\?t=\d+$/);
  await page.getByRole('button', { name: text('en', 'engine.next'), exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: text('en', 'travel.step.dates') })).toBeVisible();
  expect(await sameDocument()).toBe(true);

  // A new build deployed: the next move loads that step as a page, with the new build's scripts.
  deployed = 'a-newer-build';
  const polled = page.waitForResponse((response) => response.url().includes('/builds/latest.json?'));
  await page.clock.fastForward('05:00');
  await (await polled).finished();
  expect(polls).toHaveLength(2);
  await page.getByRole('button', { name: text('en', 'engine.back'), exact: true }).click();
  await expect(page).toHaveURL(/\/en\/travel\?step=trip$/);
  await expect(page.getByRole('heading', { level: 2, name: text('en', 'travel.step.trip') })).toBeVisible();
  expect(documents).toEqual(['', '?step=trip']);
  expect(await sameDocument()).toBe(false);
});

/** Counts the documents a tab loads: a page reloaded by the chunk guard is a second. */
function countingDocuments(page: Page): () => number {
  let documents = 0;
  page.on('request', (sent) => {
    if (sent.resourceType() === 'document') documents += 1;
  });
  return () => documents;
}

/** Nothing fetched ahead on idle (as with Save-Data on): a step's parts load when it is reached. */
const fetchingNothingAhead = (page: Page) => page.addInitScript(() => Object.defineProperty(navigator, 'connection', { value: { saveData: true } }));

/** The travel flow opened in English, on its first step, once its scripts own the page. */
async function openTravelReady(page: Page): Promise<void> {
  await page.goto('/en/travel');
  await expect(page).toHaveURL(/step=trip/);
  await expect(page.locator('[inert]')).toHaveCount(0);
}

test("a flow page's module that fails to load (gone with a deployment) reloads the page once, and the flow starts", async ({ page }) => {
  const documents = countingDocuments(page);
  // The flow's English texts, a module loaded lazily by no load that handles its failure itself, are
  // gone for the page first loaded (every try), and there for the page loaded anew.
  const catalog = readBuildManifest()['../locales/en/travel.po']?.file;
  if (!catalog) throw new Error('the build has no English travel catalog');
  let refused = 0;
  await page.route(`**/${catalog}`, (route) => {
    if (documents() > 1) return route.continue();
    refused += 1;
    return route.abort();
  });
  await openTravelReady(page);
  await expect(page.locator('form')).toBeVisible();
  expect(documents()).toBe(2);
  expect(refused).toBeGreaterThan(0);
  expect(await page.evaluate(() => sessionStorage.getItem('chunk-guard:reloaded-at'))).toMatch(/^\d+$/);
});

/** The chunk of the travel flow's dates step validator: loaded with no first step, so only when the dates step is drawn (or the page is idle). */
function travelDatesValidator(): string {
  const key = Object.keys(readBuildManifest()).find((name) => name.includes('step-validator:') && name.endsWith('/schemas/products/travel/dates.json.js'));
  const file = key ? readBuildManifest()[key]?.file : undefined;
  if (!file) throw new Error('the build has no validator chunk of the travel dates step');
  return file;
}

test("a later step whose chunk fails to load reloads the page once, and the visitor goes on from that step", async ({ page }) => {
  const documents = countingDocuments(page);
  await fetchingNothingAhead(page);
  let refused = 0;
  await page.route(`**/${travelDatesValidator()}`, (route) => {
    if (documents() > 1) return route.continue();
    refused += 1;
    return route.abort();
  });
  await openTravelReady(page);
  await page.getByRole('button', { name: text('en', 'engine.next'), exact: true }).click();
  // It spun for ever, asking for the chunk on every render; now the chunk guard loads the page anew, on the step.
  await expect(page.locator('#flow-dates_beginDate')).toBeVisible();
  await expect(page).toHaveURL(/step=dates/);
  expect(documents()).toBe(2);
  expect(refused).toBe(1);
  expect(await page.evaluate(() => sessionStorage.getItem('chunk-guard:reloaded-at'))).toMatch(/^\d+$/);
});

test("a later step whose chunk fails to load within the chunk guard's 10 s says so, with a retry that loads it", async ({ page }) => {
  const documents = countingDocuments(page);
  await fetchingNothingAhead(page);
  let asked = 0;
  await page.route(`**/${travelDatesValidator()}`, (route) => {
    asked += 1;
    return asked === 1 ? route.abort() : route.continue();
  });
  await openTravelReady(page);
  // The page was just reloaded for a chunk: the guard does not reload it again.
  await page.evaluate(() => sessionStorage.setItem('chunk-guard:reloaded-at', String(Date.now())));
  await page.getByRole('button', { name: text('en', 'engine.next'), exact: true }).click();
  const failed = page.getByRole('alert').filter({ hasText: text('en', 'engine.step.failed') });
  await expect(failed).toBeVisible();
  // The step's title and the stepper stay; the chunk is not asked for again and again meanwhile.
  await expect(page.getByRole('heading', { level: 2, name: text('en', 'travel.step.dates') })).toBeVisible();
  await page.waitForTimeout(1000);
  expect(asked).toBe(1);
  await failed.getByRole('button', { name: text('en', 'engine.retry'), exact: true }).click();
  await expect(page.locator('#flow-dates_beginDate')).toBeVisible();
  await expect(failed).toHaveCount(0);
  expect(asked).toBe(2);
  expect(documents()).toBe(1);
});

test('on a phone, the step Next leads to opens at its title, which takes focus', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 600 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/en/travel');
  await expect(page).toHaveURL(/step=trip/);
  const next = page.getByRole('button', { name: text('en', 'engine.next'), exact: true });
  await next.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await next.click();
  const title = page.getByRole('heading', { level: 2, name: text('en', 'travel.step.dates') });
  await expect(title).toBeFocused();
  await expect(title).toBeInViewport();
  await context.close();
});

test('on a phone, a product\'s page shows its own product in the header\'s row, which scrolls sideways', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  // Casco comes late in the row: in Russian, its pill lay beyond the screen's right edge.
  await page.goto('/ru/kasko');
  await expect(page).toHaveURL(/step=/);
  const current = page.locator('header nav [aria-current="page"]:visible');
  await expect(current).toBeInViewport({ ratio: 1 });
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await context.close();
});

test('on a phone, the header\'s row names each product shortly, every pill whole on the screen, in every language and without script', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, javaScriptEnabled: false });
  const page = await context.newPage();
  for (const lang of ['uz', 'en', 'ru'] as const) {
    await page.goto(`/${lang}`);
    const row = page.locator('header nav ul').first();
    // The Uzbek OSAGO's full name made its pill 480 px wide, cut off on every Uzbek page.
    await expect(row.getByRole('link', { name: text(lang, 'site.product.osago.short'), exact: true })).toBeVisible();
    const widths = await row.getByRole('link').evaluateAll((links) => links.map((link) => [(link as HTMLElement).innerText, link.getBoundingClientRect().width] as const));
    expect(widths.length).toBeGreaterThan(10);
    expect(widths.filter(([, width]) => width > 390 - 2 * 16), lang).toEqual([]);
  }
  await context.close();
});

test('on a phone, the help box keeps the phone number on one line, in every language', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  for (const lang of ['uz', 'en', 'ru'] as const) {
    for (const address of [`/${lang}`, `/${lang}/osago`]) {
      await page.goto(address);
      const help = page.getByRole('complementary', { name: text(lang, 'site.help.label') });
      // The lines the number's text is drawn on: "+998 71" ended one and "200 00 00" began the next.
      const lines = await help.evaluate((aside) => {
        const walker = document.createTreeWalker(aside, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent?.indexOf('+998') ?? -1;
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, node.textContent?.length ?? at);
          return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
        }
        return 0;
      });
      expect(lines, address).toBe(1);
    }
  }
  await context.close();
});

test('on a laptop, the header lists the products by group in menus that open one at a time and close as menus do', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto('/ru/kasko');
  // Escape and a click outside close a menu once the page's scripts run, which start after the first
  // paint (site/public/after-paint.js), so after the load event: the hydrated flow shows they have.
  await expect(page.locator('[inert]')).toHaveCount(0);
  // Fifteen pills wrapped into four rows made a 253 px header above every page.
  expect((await page.locator('header').boundingBox())?.height).toBeLessThan(130);
  const products = page.getByRole('navigation', { name: text('ru', 'site.nav.products') });
  const car = products.locator('summary', { hasText: text('ru', 'site.nav.group.car') });
  const travel = products.locator('summary', { hasText: text('ru', 'site.nav.group.travel') });
  // The group of the product on screen is marked; its menu holds the product, marked as the page.
  await car.click();
  await expect(products.getByRole('link', { name: text('ru', 'site.product.osago.title'), exact: true })).toBeVisible();
  await expect(products.locator('[aria-current="page"]:visible')).toHaveText(text('ru', 'site.product.casco.title'));
  await travel.click();
  await expect(products.getByRole('link', { name: text('ru', 'site.product.osago.title'), exact: true })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(products.getByRole('link', { name: text('ru', 'site.product.travel.title'), exact: true })).toBeHidden();
  await expect(travel).toBeFocused();
  await travel.click();
  await page.locator('main').click({ position: { x: 5, y: 5 } });
  await expect(products.getByRole('link', { name: text('ru', 'site.product.travel.title'), exact: true })).toBeHidden();
  await travel.click();
  await products.getByRole('link', { name: text('ru', 'site.product.travel.title'), exact: true }).click();
  await expect(page).toHaveURL(/\/ru\/travel/);
  await context.close();
});

test('on a narrow phone, the language switch stays on the brand\'s row in the longest language', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/ru/osgop');
  const brand = await page.locator('header a').first().boundingBox();
  const languages = await page.getByRole('navigation', { name: text('ru', 'site.nav.language') }).boundingBox();
  // "Онлайн-страхование" at its full width pushed the switch onto a row of its own.
  expect(brand && languages && languages.y < brand.y + brand.height && languages.x >= brand.x + brand.width).toBe(true);
  await context.close();
});

test('the site has an icon at /favicon.ico, where browsers and crawlers look for one', async ({ request }) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const bytes = await icon.body();
  // An icon file (reserved 0, type 1) holding 16, 32 and 48 px images.
  expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2)]).toEqual([0, 1]);
  expect(Array.from({ length: bytes.readUInt16LE(4) }, (_, i) => bytes.readUInt8(6 + 16 * i))).toEqual([16, 32, 48]);
});

test('the thank-you page is drawn by the server with its contract, as plain HTML, and checking again shows what became of it', async ({ page, request }) => {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  const scripts: string[] = [];
  page.on('request', (sent) => {
    if (sent.resourceType() === 'script') scripts.push(sent.url());
  });
  // A contract that does not exist, in the path or in the query as providers send the visitor back.
  for (const address of ['/uz/thank-you/00000000-0000-4000-8000-000000000000', '/uz/thank-you?contract_id=00000000-0000-4000-8000-000000000000']) {
    const html = await (await request.get(address)).text();
    expect(html).toContain('<html lang="uz"');
    expect(html).toContain(`<title>${text('uz', 'pages.thankYou.title')} — `);
    expect(html).toContain(text('uz', 'pages.thankYou.notFound'));
    expect(html).not.toContain('<script');
  }
  await page.goto('/uz/thank-you');
  await expect(page.getByText(text('uz', 'pages.thankYou.noContract'))).toBeVisible();

  // A contract saved and not yet paid, then paid as Payme pays it: the provider sends the visitor back
  // to the address without a language, which the server sends on to the visitor's.
  const saved = (await (await request.post('/api/sayt/uyjoy-api/save', { headers: { authorization: siteAuth }, data: homeSaveBody() })).json()) as { response: { contract_id: string; order_id: string; amount: number } };
  const { contract_id: contractId, order_id: orderId, amount } = saved.response;
  await page.context().addCookies([{ name: 'lang', value: 'ru', url: new URL('/', page.url()).href }]);
  await page.goto(`/thank-you/${contractId}`);
  await expect(page).toHaveURL(new RegExp(`/ru/thank-you/${contractId}$`));
  await expect(page.getByText(text('ru', 'pages.thankYou.status.awaiting_payment'))).toBeVisible();
  // The order is named by the number the payment step showed, not by the contract's internal id.
  await expect(page.getByRole('definition').filter({ hasText: orderId })).toHaveText(orderId);
  await expect(page.getByText(text('ru', 'pages.thankYou.order'))).toBeVisible();
  await expect(page.locator('main')).not.toContainText(contractId);
  await expectAccessible(page, 'thank-you page awaiting payment');
  const payme = async (method: string, params: Record<string, unknown>) =>
    expect((await request.post('/api/payme', { headers: { authorization: paycomAuth() }, data: { id: 1, method, params } })).ok()).toBe(true);
  const account = { contract_id: contractId };
  const transaction = `${Date.now()}`.padStart(24, '0');
  await payme('CreateTransaction', { id: transaction, time: Date.now(), amount: amount * 100, account });
  await payme('PerformTransaction', { id: transaction });
  await page.getByRole('link', { name: text('ru', 'pages.thankYou.recheck') }).click();
  await expect(page.getByText(text('ru', 'pages.thankYou.status.issued'))).toBeVisible();
  const download = page.getByRole('link', { name: text('ru', 'pages.thankYou.download') });
  const pdf = await request.get(new URL((await download.getAttribute('href')) ?? '', page.url()).pathname);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await expectAccessible(page, 'thank-you page with the policy');
  expect(scripts).toEqual([]);
  expect(problems).toEqual([]);
});

test('after a declined card the thank-you page says so and leads back to the flow\'s payment step', async ({ page, request }) => {
  const saved = (await (await request.post('/api/sayt/uyjoy-api/save', { headers: { authorization: siteAuth }, data: { ...homeSaveBody(), return_url: '/ru/housing?step=payment' } })).json()) as {
    response: { contract_id: string; payme_url: string };
  };
  await page.goto(new URL(saved.response.payme_url).pathname);
  await fillSandboxCard(page, 'ru', sandboxCards.declined.number);
  await sandboxPayButton(page, 'ru').click();
  await expect(page.getByRole('alert')).toHaveText(checkoutTexts.ru.declined);
  await page.goto(`/ru/thank-you/${saved.response.contract_id}`);
  await expect(page.getByRole('alert')).toHaveText(text('ru', 'pages.thankYou.declined'));
  await expect(page.getByRole('link', { name: text('ru', 'pages.thankYou.payAgain') })).toHaveAttribute('href', '/ru/housing?step=payment');
  await expectAccessible(page, 'thank-you page after a declined card');
});

test('an old address opened directly lands on the page it moved to', async ({ page }) => {
  await page.goto('/ru/home-insurance');
  await expect(page).toHaveURL(/\/ru\/housing\?step=/);
  await expect(page.locator('form')).toBeVisible();
});
