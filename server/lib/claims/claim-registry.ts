import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ClaimDefinition } from '../../../engine/definition';

const productsDir = fileURLToPath(new URL('../../../products/', import.meta.url));
const loaded = new Map<string, Promise<Map<string, ClaimDefinition>>>();

async function load(dir: string): Promise<Map<string, ClaimDefinition>> {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'claim.ts')))
    .map((entry) => entry.name)
    .sort();
  const claims = await Promise.all(folders.map(async (folder) => {
    const module = (await import(pathToFileURL(join(dir, folder, 'claim.ts')).href)) as { default: ClaimDefinition };
    const claim = module.default;
    if (claim.kind !== 'claim') throw new Error(`products/${folder}/claim.ts does not export a claim definition`);
    if (claim.id !== folder) throw new Error(`products/${folder}/claim.ts: id "${claim.id}" is not the folder name`);
    return [folder, claim] as const;
  }));
  return new Map(claims);
}

/**
 * The insurance-event forms of `products/*` (every folder with a claim.ts), by product id, read once
 * per process: the filing calls, the cabinet and the back office check a claim against the same
 * definition the page draws. `dir` points the server at other folders (the tests' fixture claims).
 */
export function loadClaims(dir = productsDir): Promise<Map<string, ClaimDefinition>> {
  let claims = loaded.get(dir);
  if (!claims) {
    claims = load(dir);
    loaded.set(dir, claims);
  }
  return claims;
}
