import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react';
import type { FieldProps } from '@rjsf/utils';
import { loadMessageArea } from '../message-areas';
import { Spinner } from '../spinner';

// Loaded with the first step that has a file field: most flows have none, and their pages stay light.
const FileField = lazy(() => Promise.all([import('./file-field'), loadMessageArea('engine-files')]).then(([module]) => ({ default: module.FileField })));

/** The theme's `file` field (engine/widgets/file-field.tsx), loaded when a step first draws one. */
export function LazyFileField(props: FieldProps) {
  return (
    <Suspense fallback={<FileFieldLoading />}>
      <FileField {...props} />
    </Suspense>
  );
}

function FileFieldLoading() {
  const { i18n } = useLingui();
  return (
    <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
      <Spinner /> {i18n._('engine.loading')}
    </p>
  );
}
