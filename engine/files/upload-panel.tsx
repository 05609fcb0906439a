import { lazy, Suspense, useSyncExternalStore } from 'react';
import type { UploadTracker } from './upload-tracker';

// The bars' code loads with the first upload: a flow with file fields starts without it.
const UploadProgress = lazy(() => import('./upload-progress').then((module) => ({ default: module.UploadProgress })));

const noUpload = () => null;

/** Above the step's buttons, the files its save is sending or failed to send; nothing otherwise. */
export function UploadPanel({ tracker, form }: { tracker: UploadTracker; form: string }) {
  const state = useSyncExternalStore(tracker.subscribe, tracker.get, noUpload);
  if (!state || state.status === 'sent') return null;
  return (
    <Suspense fallback={null}>
      <UploadProgress state={state} form={form} />
    </Suspense>
  );
}
