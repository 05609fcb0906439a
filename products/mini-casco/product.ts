import { defineManifest } from '../kit/define/define';
import { miniCascoTariff } from '../kit/cars/mini-casco-programs';

/** Mini-casco (requirements §2, §7): a fixed program of car cover, bought with the car and the applicant checked by the insurer. README.md. */
export default defineManifest({
  id: 'mini-casco',
  title: 'site.product.mini-casco.title',
  shortTitle: 'site.product.mini-casco.short',
  summary: 'site.product.mini-casco.summary',
  kind: 'kasko',
  group: 'car',
  rank: 5,
  routes: { page: '/mini-kasko', webview: '/mobile/mini-kasko' },
  calls: {
    save: '/takoful/mini-casco/createPolicy',
    check: '/minikasko_neo/getPolicy',
    tariffs: '/takoful/mini-casco/getTariffs',
    checkCar: '/minikasko_neo/checkCar',
  },
  fromPrice: Math.min(...miniCascoTariff.seed.programs.map((program) => program.premium)),
});
