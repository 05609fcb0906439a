import { defineManifest } from '../kit/define/define';
import { fromPets, petsTariff } from './pricing';

export default defineManifest({
  id: 'pets',
  title: 'site.product.pets.title',
  shortTitle: 'site.product.pets.short',
  summary: 'site.product.pets.summary',
  kind: 'pets',
  group: 'property',
  rank: 3,
  routes: { page: '/pets', webview: '/mobile/pets' },
  // Requirements §7: programs, save (multipart: the pet's two photos are parts) and check.
  calls: { save: '/sayt/pet-insurance/save', check: '/sayt/pet-insurance/check', programs: '/sayt/pet-insurance/programs' },
  fromPrice: fromPets(petsTariff),
});
