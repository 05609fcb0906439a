/**
 * Replaces @rjsf/utils' `schema/omitExtraData.js` in the browser build (tools/vite-plugin-rjsf-registry.ts). Its
 * `omitExtraData` walks a schema to drop the data it does not describe, for forms that set rjsf's
 * `omitExtraData`; the module also holds the deprecated `getUsedFormData` and `getFieldNames`, and
 * `isValueEmpty`, which only `removeOptionalEmptyObjects` uses. No step form sets `omitExtraData`
 * and nothing of ours calls the others, yet rjsf's schema utilities import the module for every flow
 * page: about 1 KB gzip. Each function says so if it is ever called, rather than answer wrongly.
 */

function notInThisBuild(name: string): never {
  throw new Error(`@rjsf/utils ${name} is left out of the site's build (engine/omit-extra-data.ts): set no omitExtraData on a step form`);
}

export default function omitExtraData(): never {
  return notInThisBuild('omitExtraData');
}

export function getUsedFormData(): never {
  return notInThisBuild('getUsedFormData');
}

export function getFieldNames(): never {
  return notInThisBuild('getFieldNames');
}

export function isValueEmpty(): never {
  return notInThisBuild('isValueEmpty');
}
