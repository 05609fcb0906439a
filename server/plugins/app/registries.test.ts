import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test-helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('the sandbox car registries', () => {
  it('finds a vehicle by plate and tech passport, with its owner a person or a company', async () => {
    expect(await app.registries.vehicle({ plate: '01A123BC', techSeria: 'AAF', techNumber: '0390422' })).toMatchObject({
      model: 'Chevrolet Cobalt', vehicleType: 1, issueYear: 2022,
      owner: { kind: 'person', name: 'ALIYEV VALI', pinfl: '31505900000011', passportSeria: 'AA', passportNumber: '1234567', birthday: '1990-05-15' },
      policyEnd: null,
    });
    expect((await app.registries.vehicle({ plate: '01123ABC', techSeria: 'AAF', techNumber: '1111111' }))?.owner).toEqual({ kind: 'company', name: '"NEO LOGISTIKA" MChJ', inn: '301234567' });
    expect(await app.registries.vehicle({ plate: '01A123BC', techSeria: 'AAF', techNumber: '0000000' })).toBeNull();
  });

  it('finds companies (one without a short name), licences, benefits and the save-error test people', async () => {
    expect(await app.registries.company('301234567')).toMatchObject({ short_name: '"NEO LOGISTIKA" MChJ', director: 'Karimova Dilnoza' });
    expect((await app.registries.company('309999999'))?.short_name).toBeNull();
    expect(await app.registries.company('300000000')).toBeNull();
    expect(await app.registries.licence({ passportSeria: 'AA', passportNumber: '1234567' })).toEqual({ seria: 'AF', number: '0557857', issuedOn: '2010-06-01' });
    expect(await app.registries.licence({ passportSeria: 'AE', passportNumber: '1234567' })).toBeNull();
    const rustam = { pinfl: '30107580000044', passportSeria: 'AD', passportNumber: '2222222' };
    expect(await app.registries.benefit(rustam)).toBe(7);
    expect(await app.registries.benefit({ ...rustam, passportSeria: 'ad' })).toBe(7);
    // His PINFL with another's passport: whose benefit that is, the registry does not say.
    expect(await app.registries.benefit({ ...rustam, passportSeria: 'AA', passportNumber: '1234567' })).toBeNull();
    expect(await app.registries.benefit({ pinfl: '31505900000011', passportSeria: 'AA', passportNumber: '1234567' })).toBeNull();
    for (let code = 1; code <= 10; code += 1) {
      expect(await app.registries.saveError({ passportSeria: 'AF', passportNumber: String(code).padStart(7, '0') })).toBe(code);
    }
    expect(await app.registries.saveError({ passportSeria: 'AA', passportNumber: '1234567' })).toBeNull();
  });

  it('keeps each vehicle check', async () => {
    await app.registries.recordVehicleCheck('01A123BC');
    const rows = await app.db.selectFrom('vehicle_checks').select(['plate']).execute();
    expect(rows).toEqual([{ plate: '01A123BC' }]);
  });
});
