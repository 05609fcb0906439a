/**
 * What a flow with file fields runs with besides the field itself: the device's store of the draft's
 * files, the tracker of a save's upload and its panel. Loaded only with such a flow
 * (`loadFileSupportFor`), so the other flow pages do not carry it.
 */
export { draftFiles, indexedDbFileStore, randomId } from './file-store';
export { createUploadTracker } from './upload-tracker';
export { UploadPanel } from './upload-panel';
