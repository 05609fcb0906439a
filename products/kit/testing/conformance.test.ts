import { describe, expect, it } from 'vitest';
import type { FlowData, ProductDefinition } from '../../../engine/definition';
import casco from '../../casco/definition';
import type { CascoData } from '../../casco/rules';
import { clientTermsProblems, flatnessProblems, machineProblems } from './conformance';
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

describe('clientTermsProblems', () => {
  const registry = new Map([['Vali Aliyev', '31505900000011'], ['Dilnoza Karimova', '41102850000022']]);
  const request = { applicant: { passport_number: '1234567', phone: '998901234567' } };

  it('asks for the request\'s phone and the policyholder\'s PINFL', () => {
    expect(clientTermsProblems({ holder: 'Vali Aliyev', clientPhone: '998901234567', clientPinfls: ['31505900000011'] }, request, registry)).toEqual([]);
    expect(clientTermsProblems({ holder: 'Vali Aliyev' }, request, registry)).toEqual([
      'clientPhone is missing, the request\'s phone 998901234567',
      'clientPinfls lacks the policyholder\'s PINFL (Vali Aliyev)',
    ]);
  });

  it('takes a company\'s policy without a PINFL, and refuses a PINFL of nobody\'s or one named twice', () => {
    expect(clientTermsProblems({ holder: '"NEO LOGISTIKA" MChJ', clientPhone: '998901234567' }, request, registry)).toEqual([]);
    expect(clientTermsProblems({ holder: 'Vali Aliyev', clientPhone: '998901234567', clientPinfls: ['31505900000011', '31505900000011', '12345678901234'] }, request, registry)).toEqual([
      'clientPinfls names 12345678901234, no PINFL of the registry',
      'clientPinfls names a PINFL twice',
    ]);
  });
});
