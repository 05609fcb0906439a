import { dateProblems, stepFields, unprintableProblems } from './field-rules';
import { formatPrice } from './format';
import { allLookupJobs, rowPath } from './machine/lookups';
import { pathSegments, valueAt } from './paths';
import { errorPointer, registryPaths, uiSchemaAt } from './visibility';

/**
 * What judging a step (engine/step-judging.ts, engine/error-messages.ts) takes of the flow's own
 * modules, handed to it when it loads. It loads with the first Next, apart from the page; imported
 * there, these modules would be shared by the page's first chunk and a later one, and the bundler
 * splits such modules into chunks of their own (rolldown#10731), which the page then loads first:
 * more than judging apart saves.
 */
export const judgingKit = { formatPrice, pathSegments, valueAt, errorPointer, uiSchemaAt, registryPaths, allLookupJobs, rowPath, stepFields, dateProblems, unprintableProblems };

export type JudgingKit = typeof judgingKit;
