import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimProductIds, loadProducts } from './product-registry';

describe('the server’s product registry', () => {
  it('gives each product a policy series of its own, so a policy number says which product it is', async () => {
    const series = (await loadProducts()).map(({ manifest, sale }) => [manifest.id, sale.policy.series] as const);
    expect(series.length).toBeGreaterThan(1);
    for (const [id, value] of series) expect(value, id).toMatch(/^[A-Z]{2,4}$/);
    const taken = new Map<string, string>();
    for (const [id, value] of series) {
      expect(taken.get(value), `${id} prints ${value}, as ${taken.get(value)} does`).toBeUndefined();
      taken.set(value, id);
    }
  });
});

describe('the products with a claim', () => {
  it('are the product folders with a claim.ts, by name', () => {
    const dir = mkdtempSync(join(tmpdir(), 'products-'));
    for (const [folder, files] of [['osago', ['product.ts', 'claim.ts']], ['travel', ['product.ts']], ['kit', ['claim.ts']], ['home', ['product.ts', 'claim.ts']]] as const) {
      mkdirSync(join(dir, folder));
      for (const file of files) writeFileSync(join(dir, folder, file), '');
    }
    expect(claimProductIds(dir)).toEqual(['home', 'osago']);
  });
});
