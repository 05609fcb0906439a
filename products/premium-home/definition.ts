import type { RJSFSchema, UiSchema } from '../../engine/definition';
import programSchema from '../../schemas/products/premium-home/program.json';
import programUi from '../../schemas/products/premium-home/program.ui.json';
import { homeProduct, homeSteps } from '../home/definition';
import { premiumHomePrograms } from './pricing';
import manifest from './product';

/** Home's flow with the premium programs: only the program step is its own. */
const premiumHome = homeProduct(
  manifest,
  homeSteps.map((step) => (step.id === 'program' ? { ...step, schema: programSchema as RJSFSchema, uiSchema: programUi as UiSchema } : step)),
  premiumHomePrograms,
  (id) => `premium-home.program.${id}`,
);

export default premiumHome;
