import { miniCascoDefinition } from '../mini-casco/definition';
import manifest from './product';

/** Mini-casco's flow with the term fixed to one month (a preset): the programs priced by the month. */
const monthlyCasco = miniCascoDefinition(manifest, { months: 1, programDescription: 'monthly-casco.step.program.description' });

export default monthlyCasco;
