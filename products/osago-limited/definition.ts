import { osagoDefinition } from '../osago/definition';
import { limitedDriversRules } from '../osago/rules';
import manifest from './product';

/** OSAGO's flow with the drivers answer fixed to named drivers (a preset), so its drivers step is never skipped. */
const osagoLimited = osagoDefinition(manifest, { drivers: 4 }, limitedDriversRules);

export default osagoLimited;
