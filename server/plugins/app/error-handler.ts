import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { encodedOnce, pageEncoding, pageShell, withSignedInClient, type PageBody, type FlowRenderer, type RenderedPage, type ThankYouRenderer } from '../../lib/page-shell';
import { referenceDataCacheMs } from './tariffs';
import { lookupOrder } from '../../payments/paynet/order';
import { afterSignIn, classifyRedirect, findSitePage, isCabinetPage, langCookie, langCookieMaxAgeSeconds, loginAddress, sitePages, type ContractStanding, type SiteLanguage } from '../../../products/kit/site/site-pages';
import { bearerToken, sessionCookieOf } from './cabinet';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SaleRefusal } from '../../../products/kit/sale/sale';
import { AppError, type Envelope } from '../../envelope';
import { maskPersonalData, maskUrl } from '../../logging';
import { isPageNavigation } from './edge';
import { FailureThrottle } from '../../lib/failure-throttle';
import { databaseUnavailable } from '../../db/errors';
import { claimProductIds } from '../../lib/product-registry';

/** At most this many failure reports of one route a minute reach the chat one by one; the rest in a summary. */
const failureReportLimits = { limit: 10, windowMs: 60_000 };

declare module 'fastify' {
  interface FastifyInstance {
    /** The application's error handler: the envelope, or the site's error page for a page navigation. */
    handleError(err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  }
  interface FastifyContextConfig {
    /** Failures of this route are reported to the chat (e.g. 'travel save'). */
    reportFailures?: string;
  }
}

interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

/** The JSON pointer of the offending field and a message that names it. */
export function describeValidation(context: string, issue: ValidationIssue): { field: string; message: string } {
  if (issue.keyword === 'required' && typeof issue.params.missingProperty === 'string') {
    const field = `${issue.instancePath}/${issue.params.missingProperty}`;
    return { field, message: `${context}${field} is required` };
  }
  if (issue.keyword === 'additionalProperties' && typeof issue.params.additionalProperty === 'string') {
    const field = `${issue.instancePath}/${issue.params.additionalProperty.slice(0, 100)}`;
    return { field, message: `${context}${field} is not allowed` };
  }
  const field = issue.instancePath || '/';
  return { field, message: `${context}${issue.instancePath} ${issue.message ?? 'is invalid'}` };
}

/**
 * The issue to name among those the validator gave. Outside `anyOf`/`oneOf` it gives one; inside,
 * one per alternative, and a value that was sent but is malformed (an `order_id` of letters) tells
 * the caller more than the alternative it did not send (no `contract_id`).
 */
export function tellingIssue(issues: readonly ValidationIssue[]): ValidationIssue | undefined {
  const combinator = (issue: ValidationIssue) => issue.keyword === 'anyOf' || issue.keyword === 'oneOf';
  if (!issues.some(combinator)) return issues[0];
  return issues.find((issue) => !combinator(issue) && issue.keyword !== 'required') ?? issues[0];
}

/**
 * The API as the site's components call it (the shape of the engine's ApiPort, which the server may
 * not import): the envelope of any 2xx answer.
 */
interface InProcessApi {
  get<T>(path: string): Promise<Envelope<T>>;
  post<T>(path: string, body: unknown): Promise<Envelope<T>>;
}

/** What the build's server bundle of the site (`dist/prerender/prerender.js`, site/prerender.tsx) draws on request. */
interface SiteRenderers {
  renderFlowPage(address: string, product: string, api: InProcessApi, flow: 'purchase' | 'claim'): Promise<RenderedPage>;
  renderThankYouPage(address: string, standing: ContractStanding): Promise<RenderedPage>;
}

/** Pages drawn on the server with the build's own components; none without that build. */
async function siteRenderers(siteDir: string): Promise<SiteRenderers | undefined> {
  const bundle = join(siteDir, '../prerender/prerender.js');
  return existsSync(bundle) ? ((await import(pathToFileURL(bundle).href)) as SiteRenderers) : undefined;
}

/**
 * Flow pages drawn on the server, fed by this server's API as the site's credential calls it, so
 * the catalog and price in the HTML are those the browser would load. None without the site's credential.
 */
function flowRenderer(app: FastifyInstance, renderers: SiteRenderers): FlowRenderer | undefined {
  const site = app.config.apiClients.find((client) => client.channel === 'site');
  if (!site) return undefined;
  const authorization = `Basic ${Buffer.from(`${site.login}:${site.password}`).toString('base64')}`;
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Envelope<T>> => {
    const res = await app.inject({ method, url: `/api${path}`, headers: { authorization }, ...(body === undefined ? {} : { payload: body as object }) });
    if (res.statusCode < 200 || res.statusCode >= 300) throw new Error(`${method} /api${path} answered HTTP ${res.statusCode}`);
    return res.json<Envelope<T>>();
  };
  const api: InProcessApi = { get: (path) => call('GET', path), post: (path, body) => call('POST', path, body) };
  return (address, product, flow) => renderers.renderFlowPage(address, product, api, flow);
}

/** The thank-you page drawn with what became of its contract (a declined card said as such); a failed read (the database away) says to check again. */
export function thankYouRenderer(app: FastifyInstance, renderers: SiteRenderers): ThankYouRenderer {
  const standingOf = async (contractId: string | null): Promise<ContractStanding> => {
    if (contractId === null) return { state: 'none' };
    try {
      const contract = await app.contracts.view(contractId);
      if (!contract) return { state: 'unknown' };
      if (contract.status !== 'draft' && contract.status !== 'awaiting_payment') return { state: 'found', contract };
      // Unpaid: a declined card is said as such, with the way back to the flow's payment step.
      if (!(await app.payments.lastDeclined(contractId))) return { state: 'found', contract };
      const returnPath = (await app.contracts.get(contractId))?.return_url ?? null;
      const payAgain = returnPath && !returnPath.split('?', 1)[0]?.includes('/thank-you') ? returnPath : null;
      return { state: 'found', contract, declined: true, ...(payAgain ? { payAgain } : {}) };
    } catch (err) {
      app.log.warn({ err }, 'thank-you page: the contract could not be read');
      return { state: 'unavailable' };
    }
  };
  return async (address, contractId) => renderers.renderThankYouPage(address, await standingOf(contractId));
}

/** The part of a request Fastify refused before any route read it: its content type, or its body (not JSON, empty, too large). */
function refusedPart(err: FastifyError): string | null {
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return '/headers/content-type';
  if (err.code?.startsWith('FST_ERR_CTP_') || err.name === 'SyntaxError') return '/body';
  return null;
}

/** Seconds a caller is asked to wait before trying again while the database is away: a restart or a failover takes about that. */
const databaseRetryAfterSeconds = 10;

/** An error's answer; `retryAfter` (seconds) when the caller should try again, the database being away. */
function toEnvelope(err: FastifyError | AppError | Error): { status: number; body: Envelope; retryAfter?: number } {
  if (err instanceof SaleRefusal) {
    return { status: err.status, body: { result: false, error: err.status, message: err.message, response: err.field ? { field: err.field } : null } };
  }
  if (err instanceof AppError) {
    return { status: err.statusCode, body: { result: false, error: err.errorCode, message: err.message, response: err.response } };
  }
  const fe = err as FastifyError;
  const issue = fe.validation ? tellingIssue(fe.validation as ValidationIssue[]) : undefined;
  if (issue) {
    const { field, message } = describeValidation(fe.validationContext ?? 'body', issue);
    return { status: 400, body: { result: false, error: 400, message: message.slice(0, 1000), response: { field } } };
  }
  const status = typeof fe.statusCode === 'number' && fe.statusCode >= 400 && fe.statusCode < 500 ? fe.statusCode : 500;
  if (status < 500) {
    const part = refusedPart(fe);
    return { status, body: { result: false, error: status, message: fe.message.slice(0, 1000), response: part ? { field: part } : null } };
  }
  if (databaseUnavailable(err)) {
    return { status: 503, body: { result: false, error: 503, message: 'Service temporarily unavailable; try again shortly', response: null }, retryAfter: databaseRetryAfterSeconds };
  }
  return { status: 500, body: { result: false, error: 500, message: 'Internal server error', response: null } };
}

/**
 * The one error handler: every error becomes the envelope; 4xx keep their (safe) message, 5xx
 * hide internals. Server errors and failures of routes marked `reportFailures` also go to the chat.
 */
export default fp(
  async (app) => {
    async function queueReport(text: string): Promise<void> {
      try {
        await app.outbox.enqueue('failure', maskPersonalData(text));
      } catch (err) {
        app.log.error({ err }, 'could not queue the failure report');
      }
    }
    const throttle = new FailureThrottle({
      ...failureReportLimits,
      summarise: (kind, held) => queueReport(
        `Failure (${kind}): ${[...held.values()].reduce((a, b) => a + b, 0)} more in the last minute, not reported one by one (${[...held].map(([status, count]) => `HTTP ${status} ×${count}`).join(', ')})`,
      ),
    });
    app.addHook('onClose', () => throttle.closeAll());

    async function report(request: FastifyRequest, status: number, message: string): Promise<void> {
      const what = request.routeOptions.config.reportFailures;
      // 409 asks the caller to send again shortly (its request still being answered): its retry doing its work, no failure.
      if (status < 500 && (!what || status === 401 || status === 403 || status === 409)) return;
      const kind = what ?? `${request.method} ${request.routeOptions.url ?? 'no route'}`;
      if (!throttle.admit(kind, status)) return;
      await queueReport(`Failure${what ? ` (${what})` : ''}: HTTP ${status} on ${request.method} ${maskUrl(request.url.split('?', 1)[0] ?? '')} [channel ${request.channel || '-'}, request ${request.id}]\n${message}`);
    }

    const claims = claimProductIds();
    const renderers = app.config.siteDir ? await siteRenderers(app.config.siteDir) : undefined;
    const shell = app.config.siteDir
      ? pageShell(app.config.siteDir, app.products.list.map((product) => product.manifest), {
          renderFlow: renderers && flowRenderer(app, renderers),
          renderTtlMs: referenceDataCacheMs,
          onRenderFailure: (err) => app.log.warn({ err }, 'page not drawn on the server; the built page is sent'),
          lookupOrder: (typed) => lookupOrder(app, typed),
          renderThankYou: renderers && thankYouRenderer(app, renderers),
          publicUrl: app.config.publicUrl,
          claims,
        })
      : null;
    const secure = app.config.publicUrl.startsWith('https://');
    const sitePageList = sitePages(app.products.list.map((product) => product.manifest), claims);
    const sessionCookie = sessionCookieOf(app.config.publicUrl);

    /**
     * The first name of the client whose session a page request carries: null without a session
     * (none, ended or unknown), undefined when it cannot be told (the database away): then the page
     * is served as to anyone and its own calls find out.
     */
    async function signedInName(request: FastifyRequest, reply: FastifyReply): Promise<string | null | undefined> {
      // The mobile app opens a cabinet page in its webview with its session token as the first
      // request's Authorization header (a web page cannot send one with a navigation, nor a script
      // across sites without a preflight this server refuses): the page's answer keeps it in the
      // session cookie, which the page's calls and later pages then carry. Never in the address.
      const bearer = bearerToken(request.headers.authorization);
      const token = bearer ?? request.cookies[sessionCookie.name];
      if (!token) return null;
      try {
        const client = await app.cabinet.sessionClient(token);
        if (client && bearer) reply.setCookie(sessionCookie.name, bearer, sessionCookie.options);
        return client?.first_name ?? null;
      } catch (err) {
        request.log.warn({ err }, 'session lookup failed; the page is served as to a visitor signed out');
        return undefined;
      }
    }

    /**
     * A page opened in a browser keeps its language in the visitor's `lang` cookie, as the site's
     * scripts do, so pages without scripts (the home, thank-you, Paynet and 404 pages) and the
     * language links between them are remembered too. Only for a browser's navigation, as the XSRF
     * cookie (edge.ts): a client reading a page must not turn into a browser for the API's checks.
     * A page answer may carry this visitor's cookies, so only their browser may keep it.
     */
    const asPage = (request: FastifyRequest, reply: FastifyReply, lang: SiteLanguage): FastifyReply => {
      if (isPageNavigation(request)) reply.setCookie(langCookie, lang, { path: '/', maxAge: langCookieMaxAgeSeconds, sameSite: 'lax', secure });
      return reply.header('Cache-Control', 'private, no-cache').type('text/html; charset=utf-8');
    };
    // Drawn in the background once the server is up; a request before that draws its page itself.
    if (shell) app.addHook('onReady', async () => void shell.warm());

    /** The redirect of a page address; a lookup that fails (the database away) leaves the page to be served as it is. */
    async function movedTo(request: FastifyRequest, path: string) {
      try {
        return await app.redirects.of(path);
      } catch (err) {
        request.log.warn({ err }, 'redirect lookup failed; the page is served without it');
        return null;
      }
    }

    const handleError = async (err: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
      const { status, body, retryAfter } = toEnvelope(err);
      const context = { route: request.routeOptions.url, channel: request.channel || undefined, statusCode: status };
      if (status >= 500) request.log.error({ err, ...context }, retryAfter === undefined ? 'request failed' : 'request failed: the database is unavailable');
      else request.log.info({ ...context, message: maskPersonalData(body.message) }, 'request refused');
      // With the database away, the chat's report could not be queued (it is queued there): the log says it.
      if (retryAfter === undefined) await report(request, status, status >= 500 ? `${err.name}: ${err.message}` : body.message);
      else reply.header('Retry-After', String(retryAfter));
      // A visitor's browser opening a page gets the site's 500 page in the address's language, not
      // JSON; an address refused as malformed (a NUL byte in its query, say) is no page: the 404 page.
      const page = shell && isPageNavigation(request) && !request.url.startsWith('/api/');
      const visitor = { cookie: request.headers.cookie, acceptLanguage: request.headers['accept-language'] };
      const errorPage = !page ? null : status >= 500 ? shell.serverError(request.url, visitor) : status === 400 ? shell.notFound(request.url.split('?', 1)[0] ?? '/', visitor) : null;
      if (errorPage !== null) return asPage(request, reply.code(status >= 500 ? status : 404), errorPage.lang).header('Cache-Control', 'no-store').send(errorPage.html);
      return reply.code(status).type('application/json; charset=utf-8').send(body);
    };
    app.setErrorHandler(handleError);
    // For the errors Fastify raises before any route is found (server/app.ts `frameworkErrors`).
    app.decorate('handleError', handleError);

    app.setNotFoundHandler(async (request, reply) => {
      const path = request.url.split('?', 1)[0] ?? '/';
      const isPage = (request.method === 'GET' || request.method === 'HEAD') && !path.startsWith('/api/') && path !== '/api';
      if (isPage && shell) {
        // An old address the site moved is followed here, as the site's own lookup would in the browser.
        const moved = await movedTo(request, path);
        const target = moved ? classifyRedirect(moved.to_url, path) : null;
        if (moved && target) return reply.header('Cache-Control', 'no-cache').redirect(target.kind === 'external' ? target.url : target.path, moved.status);
        const query = new URLSearchParams(request.url.slice(path.length + 1));
        const found = findSitePage(path, sitePageList);
        const firstName = await signedInName(request, reply);
        // The cabinet is a signed-in client's: signed out, its addresses lead to the sign-in page, which leads back; signed in, the sign-in page leads on.
        const personal = found?.lang && (isCabinetPage(found.page) || found.page.kind === 'login') ? found.lang : null;
        if (personal && firstName === null && found?.page.kind !== 'login') return reply.header('Cache-Control', 'no-store').redirect(loginAddress(personal, request.url), 302);
        if (personal && typeof firstName === 'string' && found?.page.kind === 'login') return reply.header('Cache-Control', 'no-store').redirect(afterSignIn(personal, query.get('next')), 302);
        // The site renders every address (its 404 page too); an address that is no page says so in its status as well.
        const answer = await shell(path, query, { cookie: request.headers.cookie, acceptLanguage: request.headers['accept-language'], signedIn: typeof firstName === 'string' });
        if (answer.status === 302) return reply.header('Cache-Control', 'private, no-cache').header('Vary', 'Cookie, Accept-Language').redirect(answer.location, 302);
        const { status, body, lang, detected } = answer;
        const encoding = pageEncoding(request.headers['accept-encoding']);
        // An address without a language (`/`) is answered in the visitor's: a cache must tell visitors apart by what it was read from.
        asPage(request, reply.code(status), lang).header('Vary', detected ? 'Accept-Encoding, Cookie, Accept-Language' : 'Accept-Encoding');
        // A signed-in client's page names them: theirs alone, kept in no cache (the back button after logout loads it anew).
        const sent: PageBody | { html: string } = typeof firstName === 'string' ? encodedOnce(withSignedInClient(body.html, firstName)) : body;
        if (typeof firstName === 'string' || personal) reply.header('Cache-Control', 'private, no-store');
        const withEncodings = 'br' in sent ? (sent as PageBody) : null;
        return encoding && withEncodings ? reply.header('Content-Encoding', encoding).send(withEncodings[encoding]) : reply.send(sent.html);
      }
      const body: Envelope = { result: false, error: 404, message: `Not found: ${request.method} ${path.slice(0, 200)}`, response: null };
      return reply.code(404).send(body);
    });
  },
  { name: 'error-handler', dependencies: ['outbox', 'products', 'redirects', 'contracts', 'cabinet'] },
);
