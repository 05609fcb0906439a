import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const lighthouseCategories = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type LighthouseCategory = (typeof lighthouseCategories)[number];
const metricAudits = { FCP: 'first-contentful-paint', LCP: 'largest-contentful-paint', TBT: 'total-blocking-time', CLS: 'cumulative-layout-shift', SI: 'speed-index' } as const;

export interface LighthouseFigures {
  scores: Record<LighthouseCategory, number>;
  metrics: Record<keyof typeof metricAudits, string>;
  /** Titles of the failed audits of the categories other than performance (what keeps them below 100). */
  failures: string[];
  /** Cumulative layout shift, as a number. */
  cls: number;
}

/**
 * The CPU slowdown that makes this host a mid-tier phone. Lighthouse's constant 4× assumes a
 * high-end desktop host (BenchmarkIndex 1500 and up); its throttling guide asks a slower host to
 * lower the multiplier, or every run on it measures a slower phone than intended. So: the host's
 * index ÷ 375 (a 1500 host at 4×), at most Lighthouse's 4× and at least 1×.
 */
export function cpuSlowdownFor(benchmarkIndex: number): number {
  return Math.round(Math.min(4, Math.max(1, benchmarkIndex / 375)) * 10) / 10;
}

/** Lighthouse 12 with its mobile preset (simulated mid-range phone on slow 4G) in Debian's Chromium, its CPU slowdown calibrated to the host. */
export async function lighthouseSession() {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // Found on the first page measured (a fast host keeps Lighthouse's 4×, and that run counts).
  let cpuSlowdown: number | null = null;
  const measured = async (url: string, extraHeaders?: Record<string, string>) => {
    const run = await measure(chrome.port, url, cpuSlowdown ?? 4, extraHeaders);
    if (cpuSlowdown === null && run.benchmarkIndex > 0) {
      cpuSlowdown = cpuSlowdownFor(run.benchmarkIndex);
      console.log(`Lighthouse host: BenchmarkIndex ${Math.round(run.benchmarkIndex)}, CPU slowdown ${cpuSlowdown}×`);
      if (cpuSlowdown !== 4) return measure(chrome.port, url, cpuSlowdown, extraHeaders);
    }
    return run;
  };
  return {
    /** `extraHeaders` go with every request of the page (a signed-in client's session cookie). */
    async audit(url: string, extraHeaders?: Record<string, string>): Promise<LighthouseFigures> {
      const first = await measured(url, extraHeaders);
      if (!first.unmeasured) return first.figures;
      // A run Lighthouse itself could not finish (no trace, a protocol timeout) says nothing about
      // the page; it is told, and measured once more.
      console.warn(`Lighthouse could not measure ${url} (${first.unmeasured}); measuring again`);
      const second = await measured(url, extraHeaders);
      if (second.unmeasured) throw new Error(`Lighthouse could not measure ${url} twice: ${second.unmeasured}`);
      return second.figures;
    },
    /**
     * `runs` audits of a page, giving the one with the median performance score (so its metrics
     * belong together): one run's blocking time moves with whatever else the machine does.
     */
    async auditMedian(url: string, runs: number): Promise<LighthouseFigures> {
      const results: LighthouseFigures[] = [];
      for (let i = 0; i < runs; i += 1) results.push(await this.audit(url));
      return medianRun(results);
    },
    close: () => chrome.kill(),
  };
}

/** The run with the median performance score, so the metrics printed belong together. */
export function medianRun(runs: readonly LighthouseFigures[]): LighthouseFigures {
  if (runs.length === 0) throw new Error('no Lighthouse run to take the median of');
  return [...runs].sort((a, b) => a.scores.performance - b.scores.performance)[Math.floor(runs.length / 2)] as LighthouseFigures;
}

/**
 * The run with the highest performance score: what the page itself costs on this host. Whatever
 * else the machine does only adds blocking time to a run, never takes it away, so the least
 * disturbed run is the one that measures the page (the way CPU benchmarks take their fastest run).
 */
export function fastestRun(runs: readonly LighthouseFigures[]): LighthouseFigures {
  if (runs.length === 0) throw new Error('no Lighthouse run to take the fastest of');
  return [...runs].sort((a, b) => b.scores.performance - a.scores.performance)[0] as LighthouseFigures;
}

async function measure(port: number, url: string, cpuSlowdownMultiplier: number, extraHeaders?: Record<string, string>): Promise<{ figures: LighthouseFigures; benchmarkIndex: number; unmeasured?: string }> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [...lighthouseCategories], throttling: { cpuSlowdownMultiplier }, ...(extraHeaders ? { extraHeaders } : {}) });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  const auditsOf = (categories: readonly LighthouseCategory[]) =>
    categories.flatMap((category) => lhr.categories[category]?.auditRefs ?? []).flatMap((ref) => lhr.audits[ref.id] ?? []);
  const errored = auditsOf(lighthouseCategories).filter((audit) => audit.scoreDisplayMode === 'error').map((audit) => `${audit.id}: ${audit.errorMessage ?? ''}`);
  const unmeasured = lhr.runtimeError ? `${lhr.runtimeError.code} ${lhr.runtimeError.message}` : errored.length > 0 ? errored.join('; ') : undefined;
  // Weightless audits (Label in Name among them) leave the score at 100 when they fail, so they are listed too.
  const failures = auditsOf(lighthouseCategories.filter((category) => category !== 'performance'))
    .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
    .map((audit) => audit.title);
  return {
    figures: {
      scores: Object.fromEntries(lighthouseCategories.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)])) as LighthouseFigures['scores'],
      metrics: Object.fromEntries(Object.entries(metricAudits).map(([name, id]) => [name, lhr.audits[id]?.displayValue ?? '-'])) as LighthouseFigures['metrics'],
      failures,
      cls: lhr.audits[metricAudits.CLS]?.numericValue ?? Number.NaN,
    },
    benchmarkIndex: lhr.environment.benchmarkIndex,
    unmeasured,
  };
}

/** One line of figures: the four scores and the metrics behind performance. */
export function figuresLine(path: string, figures: LighthouseFigures): string {
  return `${path.padEnd(20)} ${lighthouseCategories.map((c) => String(figures.scores[c]).padEnd(5)).join(' ')} ${Object.values(figures.metrics).map((v) => String(v).padEnd(8)).join('')}`;
}

export const figuresHeader = `${'page'.padEnd(20)} perf  a11y  bp    seo   ${Object.keys(metricAudits).map((m) => m.padEnd(8)).join('')}`;

/**
 * The pages issue #7 measures (home page, travel, home insurance and webview pages, in two languages
 * each), the sign-in page, and a claim form of the car family and of the travel family.
 */
export const lighthousePages = ['/en', '/ru', '/en/travel', '/uz/travel', '/ru/housing', '/en/housing', '/uz/mobile/housing', '/ru/mobile/travel', '/en/login', '/uz/login', '/uz/insurance-event/osago', '/ru/insurance-event/travel'];
/** Pages measured for a signed-in client (their session cookie sent with each request). */
export const signedInLighthousePages = ['/uz/dashboard/policies', '/ru/dashboard/policies'];
