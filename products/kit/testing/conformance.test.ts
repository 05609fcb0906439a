import { describe, expect, it } from 'vitest';
import type { FlowData, ProductDefinition } from '../../../engine/definition';
import casco from '../../casco/definition';
import type { CascoData } from '../../casco/rules';
import { flatnessProblems, machineProblems } from './conformance';
import { defineRules } from '../define/define';

describe('flatnessProblems', () => {
  it('refuses what the browser build does not draw or merge: allOf/oneOf/$ref and open objects', () => {
    const name = { type: 'string', maxLength: 10 };
    expect(flatnessProblems({ type: 'object', properties: { name }, additionalProperties: false }, 'step')).toEqual([]);
    expect(flatnessProblems({ type: 'object', properties: { name }, additionalProperties: name }, 'step')).toEqual(['step: "additionalProperties" makes the step schema non-flat']);
    expect(flatnessProblems({ type: 'object', properties: { pick: { oneOf: [name] } } }, 'step')).toEqual(['step/properties/pick: "oneOf" makes the step schema non-flat']);
    expect(flatnessProblems({ type: 'array', items: name }, 'step')).toEqual(['step: array without maxItems']);
  });
});

describe('machineProblems', () => {
  it('names a misspelt guard or action of a product\'s rules, which `defineRules` refuses to type', () => {
    const guards = { wantsLiability: () => true };
    const actions = { syncPeriod: (next: CascoData) => ({ data: next }) };
    // @ts-expect-error the rules define no guard "wantsLiabilty"
    const misspeltGuard = defineRules<CascoData>()({ show: { 'program.liabilitySum': 'wantsLiabilty' }, guards, actions: {} });
    // @ts-expect-error the rules define no action "syncPeriodd"
    const misspeltAction = defineRules<CascoData>()({ onChange: { 'program.beginDate': 'syncPeriodd' }, guards: {}, actions });
    const withRules = (machine: typeof casco.machine) => ({ ...casco, machine }) as unknown as ProductDefinition<FlowData, unknown>;
    expect(machineProblems(withRules(misspeltGuard))).toContain('machine.show["program.liabilitySum"] names undefined guard "wantsLiabilty"');
    expect(machineProblems(withRules(misspeltAction))).toContain('machine.onChange["program.beginDate"] names undefined action "syncPeriodd"');
  });
});
