/**
 * Replaces rjsf's `getClosestMatchingOption` in the site's build (tools/vite-plugin-rjsf-registry.ts).
 * rjsf scores a `oneOf`/`anyOf`'s options against the data with it, and calls it for nothing else;
 * step forms have neither (the conformance suite's `flatnessProblems` refuses them,
 * products/kit/testing/conformance.ts), so the scoring stays out of every flow page. Should it run, it says why.
 */
export default function getClosestMatchingOption(): never {
  throw new Error('a step schema with oneOf/anyOf: step forms are flat (products/kit/testing/conformance.ts), so the browser build carries no option scoring');
}
