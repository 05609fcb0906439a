import { defineConfig } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { samplesDay } from './products/kit/define/define';

const port = Number(process.env.E2E_PORT ?? 3210);
const storybookPort = Number(process.env.E2E_STORYBOOK_PORT ?? 6107);
// The server selling on the samples' day, for the specs that buy the products' dated samples (tests/e2e/shop.ts `samplesDayServer`).
const samplesDayPort = Number(process.env.E2E_SAMPLES_DAY_PORT ?? 3211);
// Each run buys on a fresh embedded database, so runs never see each other's contracts.
const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
const samplesDayDataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-samples-day-'));

export default defineConfig({
  // Site-wide specs, and the browser tests of a product's own rules beside the product.
  testDir: '.',
  testMatch: ['tests/e2e/**/*.spec.ts', 'products/*/*.e2e.ts'],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // Specs share one server and one database; each buys its own contracts, so they may run side by side.
  fullyParallel: true,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
      ],
    },
  },
  webServer: [
    {
      // The site must be built first (npm test builds it before this suite).
      command: 'node_modules/.bin/tsx server/main.ts',
      url: `http://127.0.0.1:${port}/builds/latest.json`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(port), DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}`, BOT_TOKEN: '' },
    },
    {
      // The same site selling on the day the products' samples are told on (products/kit/define/define.ts `samplesDay`).
      command: 'node_modules/.bin/tsx server/main.ts',
      url: `http://127.0.0.1:${samplesDayPort}/builds/latest.json`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { PORT: String(samplesDayPort), DATA_DIR: samplesDayDataDir, PUBLIC_URL: `http://127.0.0.1:${samplesDayPort}`, BOT_TOKEN: '', SALES_DAY: samplesDay, E2E_SAMPLES_DAY_PORT: String(samplesDayPort) },
    },
    {
      // The built Storybook (npm test builds it before this suite), for stories.spec.ts.
      command: `node_modules/.bin/tsx tests/support/serve-static.ts storybook-static ${storybookPort}`,
      url: `http://127.0.0.1:${storybookPort}/index.json`,
      reuseExistingServer: false,
      timeout: 30_000,
    },
  ],
});
