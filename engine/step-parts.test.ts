import type { ValidatorType } from '@rjsf/utils';
import { describe, expect, it } from 'vitest';
import { loadStepParts, retryStepParts, stepParts } from './step-parts';
import { registerStepValidatorLoader } from './step-validators';

/** A step whose validator chunk fails to load until `failing` is turned off, counting the loads asked for. */
function stepWithChunk() {
  const step = { schema: { type: 'object', properties: {} } };
  const chunk = { failing: true, asked: 0 };
  registerStepValidatorLoader(step.schema, async () => {
    chunk.asked += 1;
    if (chunk.failing) throw new TypeError('Failed to fetch dynamically imported module: /assets/dates.json-x.js');
    return { default: () => ({}) as ValidatorType };
  });
  return { step, chunk };
}

describe("a step's parts", () => {
  it('keep a load that failed for the render, which reads its error at once instead of asking again, until the step is tried again', async () => {
    const { step, chunk } = stepWithChunk();
    const first = stepParts(step);
    await expect(first).rejects.toThrow(/dynamically imported module/);
    expect(stepParts(step)).toBe(first);
    expect(first).toMatchObject({ status: 'rejected' });
    expect(chunk.asked).toBe(1);
    chunk.failing = false;
    retryStepParts(step);
    const again = stepParts(step);
    expect(again).not.toBe(first);
    await again;
    expect(again).toMatchObject({ status: 'fulfilled' });
    expect(chunk.asked).toBe(2);
    // Once loaded, they stay loaded: a retry asks for nothing.
    retryStepParts(step);
    expect(stepParts(step)).toBe(again);
  });

  it('loaded ahead of the step and failing, are loaded anew when the step is reached', async () => {
    const { step, chunk } = stepWithChunk();
    await expect(loadStepParts(step)).rejects.toThrow();
    chunk.failing = false;
    await stepParts(step);
    expect(chunk.asked).toBe(2);
  });
});
