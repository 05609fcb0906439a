import { defineManifest } from '../kit/define/define';
import { fromJobLoss, jobLossTariff } from './pricing';

export default defineManifest({
  id: 'job-loss',
  title: 'site.product.job-loss.title',
  shortTitle: 'site.product.job-loss.short',
  summary: 'site.product.job-loss.summary',
  kind: 'job-loss',
  group: 'people',
  rank: 4,
  routes: { page: '/job-loss', webview: '/mobile/job-loss' },
  // Requirements §7 names the save (multipart: the work book and the salary certificate are parts); the
  // check follows the other /sayt/… products (README.md).
  calls: { save: '/sayt/job-lose/save', check: '/sayt/job-lose/check' },
  fromPrice: fromJobLoss(jobLossTariff),
  // The 14 regions are named as home names them (home.region.<id>).
  messages: ['home'],
});
