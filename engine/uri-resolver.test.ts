import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import uriResolver from './uri-resolver';

const stepSchemaFiles = (root: string): string[] =>
  readdirSync(root, { withFileTypes: true }).flatMap((entry): string[] =>
    entry.isDirectory() ? stepSchemaFiles(join(root, entry.name)) : entry.name.endsWith('.json') && !entry.name.endsWith('.ui.json') ? [join(root, entry.name)] : [],
  );

describe('the URI resolver of the browser build', () => {
  it('resolves and compares as RFC 3986 does for absolute and relative references', () => {
    expect(uriResolver.resolve('https://shop.uz/schemas/a.json', 'b.json#/x')).toBe('https://shop.uz/schemas/b.json#/x');
    expect(uriResolver.resolve('https://shop.uz/schemas/a.json', '/c.json')).toBe('https://shop.uz/c.json');
    expect(uriResolver.equal('https://shop.uz/a/../b.json', 'https://shop.uz/b.json')).toBe(true);
    expect(uriResolver.equal('https://shop.uz/a.json', 'https://shop.uz/b.json')).toBe(false);
  });

  it('is never needed by a step form: none declares an $id or a 2020-12 $schema', () => {
    for (const file of stepSchemaFiles(join(process.cwd(), 'schemas/products'))) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toMatch(/"\$id"\s*:|"\$schema"\s*:\s*"[^"]*2020-12/);
    }
  });
});
