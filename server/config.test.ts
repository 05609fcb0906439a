import { describe, expect, test } from 'vitest';
import { ConfigError, loadConfig, sandboxApiClients, sandboxBackOfficeToken } from './config';

describe('loadConfig', () => {
  test('sandbox defaults need no environment', () => {
    // No proxy believed unless one is named: X-Forwarded-For is then the caller's own text.
    expect(loadConfig({}).trustedProxies).toBe(0);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustedProxies).toBe(1);
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 3000, publicUrl: 'http://localhost:3000', database: { kind: 'pglite', dataDir: './data' }, apiClients: sandboxApiClients });
    expect(config.bot.token).toBeNull();
  });

  test('the back office\'s token: the sandbox\'s by default, refused where the sandbox is off, a random one of 32 characters otherwise', () => {
    expect(loadConfig({}).backOffice.token).toBe(sandboxBackOfficeToken);
    const production = { PAYMENTS_SANDBOX: 'off', SMS_GATEWAY: 'eskiz', ESKIZ_EMAIL: 'shop@example.uz', ESKIZ_PASSWORD: 'secret', CABINET_SECRET: 'k'.repeat(32) };
    expect(() => loadConfig(production)).toThrow('BACK_OFFICE_TOKEN');
    expect(() => loadConfig({ ...production, BACK_OFFICE_TOKEN: sandboxBackOfficeToken })).toThrow('BACK_OFFICE_TOKEN');
    expect(() => loadConfig({ BACK_OFFICE_TOKEN: 'short' })).toThrow('BACK_OFFICE_TOKEN');
    expect(() => loadConfig({ BACK_OFFICE_TOKEN: `${'t'.repeat(32)} x` })).toThrow('BACK_OFFICE_TOKEN');
    expect(loadConfig({ ...production, BACK_OFFICE_TOKEN: 't'.repeat(40) }).backOffice.token).toBe('t'.repeat(40));
  });

  test('links point at the port the server listens on when PUBLIC_URL is not set', () => {
    expect(loadConfig({ PORT: '3300' }).publicUrl).toBe('http://localhost:3300');
  });

  test('DATABASE_URL selects PostgreSQL; API_CLIENTS replaces the credentials', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://db/shop',
      API_CLIENTS: '[{"login":"p","password":"s","channel":"partner"}]',
      PUBLIC_URL: 'https://shop.example/',
      PORT: '8080',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://db/shop' });
    expect(config.apiClients).toEqual([{ login: 'p', password: 's', channel: 'partner' }]);
    expect(config.publicUrl).toBe('https://shop.example');
    expect(config.port).toBe(8080);
  });

  test('bad values fail at start with the variable named', () => {
    expect(() => loadConfig({ PORT: 'http' })).toThrow(ConfigError);
    expect(() => loadConfig({ API_CLIENTS: '{' })).toThrow('API_CLIENTS: not valid JSON');
    expect(() => loadConfig({ API_CLIENTS: '[{"login":"x"}]' })).toThrow('API_CLIENTS[0]');
    for (const raw of ['0', '-1', 'soon', '100000']) expect(() => loadConfig({ RECONCILE_EVERY_MINUTES: raw }), raw).toThrow('RECONCILE_EVERY_MINUTES');
    for (const raw of ['-1', 'one', '1.5', '9']) expect(() => loadConfig({ TRUST_PROXY: raw }), raw).toThrow('TRUST_PROXY');
    expect(() => loadConfig({ RECONCILE_AFTER_MINUTES: 'NaN' })).toThrow('RECONCILE_AFTER_MINUTES');
  });

  test('payment reconciliation: every minute for payments open ten minutes, or as the environment says', () => {
    expect(loadConfig({}).reconcile).toEqual({ everyMinutes: 1, afterMinutes: 10 });
    expect(loadConfig({ RECONCILE_EVERY_MINUTES: '0.5', RECONCILE_AFTER_MINUTES: '30' }).reconcile).toEqual({ everyMinutes: 0.5, afterMinutes: 30 });
  });
});
