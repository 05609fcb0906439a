/**
 * `tsx tests/support/claim-plans.ts <event day>`: prints, as JSON, how a visitor fills every claim
 * form's sample (products/kit/claims/samples.ts) with its event on that day (YYYY-MM-DD) into the
 * form's steps (tests/support/form-actions.ts), as tests/support/purchase-plans.ts does for
 * purchases. The `policy` step is left out: which policy, and how it is found, is the test's. It
 * runs under tsx because claim forms import their JSON schemas, which Playwright's loader refuses.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ClaimDefinition, FlowData } from '../../engine/definition';
import { claimSample } from '../../products/kit/claims/samples';
import { formStepActions, type FormAction } from './form-actions';

export interface ClaimPlan {
  id: string;
  /** Form step id → what to do there; every form step but `policy`. */
  steps: Record<string, FormAction[]>;
}

const root = fileURLToPath(new URL('../..', import.meta.url));
const eventDate = process.argv[2];
if (!eventDate || !/^\d{4}-\d{2}-\d{2}$/.test(eventDate)) throw new Error('usage: tsx tests/support/claim-plans.ts YYYY-MM-DD');

async function plan(folder: string): Promise<ClaimPlan> {
  const definition = ((await import(pathToFileURL(join(root, 'products', folder, 'claim.ts')).href)) as { default: ClaimDefinition<FlowData, unknown> }).default;
  const data = claimSample(definition.id, { number: 'unused', passport: 'AA1234567', birthday: '1990-05-15', eventDate });
  // Signed out, as the samples are; the steps after the policy do not depend on it.
  const { policy: _policy, ...steps } = formStepActions(definition, data, definition.options?.({ signedIn: false, policies: [] }, data) ?? {});
  return { id: definition.id, steps };
}

const folders = readdirSync(join(root, 'products')).filter((name) => existsSync(join(root, 'products', name, 'claim.ts'))).sort();
process.stdout.write(JSON.stringify(await Promise.all(folders.map(plan))));
