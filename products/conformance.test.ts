import { describe, expect, it } from 'vitest';
import { flatnessProblems } from './conformance';

describe('flatnessProblems', () => {
  it('refuses what the browser build does not draw or merge: allOf/oneOf/$ref and open objects', () => {
    const name = { type: 'string', maxLength: 10 };
    expect(flatnessProblems({ type: 'object', properties: { name }, additionalProperties: false }, 'step')).toEqual([]);
    expect(flatnessProblems({ type: 'object', properties: { name }, additionalProperties: name }, 'step')).toEqual(['step: "additionalProperties" makes the step schema non-flat']);
    expect(flatnessProblems({ type: 'object', properties: { pick: { oneOf: [name] } } }, 'step')).toEqual(['step/properties/pick: "oneOf" makes the step schema non-flat']);
    expect(flatnessProblems({ type: 'array', items: name }, 'step')).toEqual(['step: array without maxItems']);
  });
});
