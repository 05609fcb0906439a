import type { CatalogOption, ProductDefinition, RJSFSchema, UiSchema } from '../../engine/definition';
import { isIsoDate, isoToDmy } from '../kit/api/api-format';
import { periodText, personName } from '../kit/text/summary';
import programSchema from '../../schemas/products/pets/program.json';
import programUi from '../../schemas/products/pets/program.ui.json';
import petSchema from '../../schemas/products/pets/pet.json';
import petUi from '../../schemas/products/pets/pet.ui.json';
import ownerSchema from '../../schemas/products/pets/owner.json';
import ownerUi from '../../schemas/products/pets/owner.ui.json';
import { petsBinding } from './binding';
import { quotePet, type PetsTariff } from './pricing';
import manifest from './product';
import { petsRules, type PetsData } from './rules';

/**
 * Pet insurance (requirements §2, §3): the program, the pet (nickname, birth month, last vaccination, two
 * photos), the owner, payment and the policy. The steps are ours (the requirements name none): README.md.
 */
const pets: ProductDefinition<PetsData, PetsTariff> = {
  id: manifest.id,
  version: 1,
  title: manifest.title,
  steps: [
    { id: 'program', title: 'pets.step.program', description: 'pets.step.program.help', schema: programSchema as RJSFSchema, uiSchema: programUi as UiSchema },
    { id: 'pet', title: 'pets.step.pet', description: 'pets.step.pet.help', schema: petSchema as RJSFSchema, uiSchema: petUi as UiSchema, call: 'checkPet' },
    { id: 'owner', title: 'pets.step.owner', schema: ownerSchema as RJSFSchema, uiSchema: ownerUi as UiSchema, submit: 'save' },
    { id: 'payment', title: 'pets.step.payment', component: 'payment' },
    { id: 'download', title: 'pets.step.download', component: 'download', hidden: true },
  ],
  applicant: { person: '/owner', phone: '/owner/phone' },
  initialData: { program: { petType: 'cat' }, pet: {}, owner: {} },
  machine: petsRules,
  pricing: (data, tariff) => {
    const { programId, petType, beginDate } = data.program;
    if (programId === undefined || petType === undefined) return null;
    return quotePet({ programId, petType, ...(data.pet.birthMonth ? { birthMonth: data.pet.birthMonth } : {}), ...(isIsoDate(beginDate) ? { beginDate } : {}) }, tariff);
  },
  options: (tariff, data): Record<string, CatalogOption[]> => ({
    // Each card's price is the pet's: its kind, and its age once known.
    programs: tariff.programs.map((program) => {
      const price = quotePet({ programId: program.id, petType: data.program.petType ?? 'cat', ...(data.pet.birthMonth ? { birthMonth: data.pet.birthMonth } : {}), ...(isIsoDate(data.program.beginDate) ? { beginDate: data.program.beginDate } : {}) }, tariff);
      return {
        value: program.id,
        label: `pets.program.${program.id}`,
        fallback: program.name,
        details: [{ label: 'pets.program.sum_insured', value: { uzs: program.sumInsured } }],
        ...(price ? { price: price.total } : {}),
      };
    }),
  }),
  binding: petsBinding,
  summary: (data, tariff) => {
    const program = tariff.programs.find((p) => p.id === data.program.programId);
    const [year, month] = (data.pet.birthMonth ?? '').split('-');
    return [
      ...(program ? [{ label: 'pets.field.program', value: { message: `pets.program.${program.id}` } }, { label: 'pets.program.sum_insured', value: { uzs: program.sumInsured } }] : []),
      { label: 'pets.field.pet_type', value: { message: `pets.pet_type.${data.program.petType ?? 'cat'}` } },
      { label: 'pets.field.nickname', value: data.pet.nickname ?? '' },
      ...(year && month ? [{ label: 'pets.field.birth_month', value: `${month}.${year}` }] : []),
      ...(isIsoDate(data.pet.vaccinatedOn) ? [{ label: 'pets.field.vaccinated_on', value: isoToDmy(data.pet.vaccinatedOn, '.') }] : []),
      { label: 'pets.summary.photos', value: [data.pet.photoFace?.name ?? '', data.pet.photoBody?.name ?? ''].filter(Boolean) },
      { label: 'engine.summary.period', value: periodText(data.program.beginDate, data.program.endDate) },
      { label: 'engine.summary.holder', value: personName(data.owner) },
    ];
  },
};

export default pets;
