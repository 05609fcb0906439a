import { useLingui } from '@lingui/react';
import type { UploadState } from './upload-tracker';
import { ProgressBar } from '../widgets/progress-bar';
import { secondaryButtonClass } from '../ui';

/**
 * The files a save is sending, a bar for each (engine/files/upload-panel.tsx draws it while they go
 * out); when the request got no answer (the connection dropped), it says the files were not sent and
 * offers to send them again — the form's own submit (`form` names it), so the step is checked and saved anew.
 */
export function UploadProgress({ state, form }: { state: UploadState; form: string }) {
  const { i18n } = useLingui();
  const failed = state.status === 'failed';
  return (
    <section
      aria-labelledby={`${form}-uploads`}
      data-testid="upload-panel"
      className={`mt-4 rounded-xl border p-4 ${failed ? 'border-red-200 bg-red-50' : 'border-slate-200 bg-slate-50'}`}
    >
      <div role="status">
        <h3 id={`${form}-uploads`} className="text-sm font-semibold text-slate-900">
          {i18n._(failed ? 'engine.upload.failed' : 'engine.upload.sending', { count: state.files.length })}
        </h3>
      </div>
      <ul className="mt-3 space-y-3">
        {state.files.map((file) => (
          <li key={file.part}>
            <p className="mb-1 flex justify-between gap-2 text-sm text-slate-700">
              <span className="min-w-0 truncate">{file.filename}</span>
              <span className="shrink-0 tabular-nums">{file.size > 0 ? Math.round((file.sent / file.size) * 100) : 100}%</span>
            </p>
            <ProgressBar value={file.sent} max={file.size} label={i18n._('engine.upload.file', { name: file.filename })} />
          </li>
        ))}
      </ul>
      {failed && (
        <div role="alert" className="mt-3">
          <p className="text-sm text-red-800">{i18n._('engine.upload.failed.help')}</p>
          <button type="submit" form={form} className={`${secondaryButtonClass} mt-2`}>
            {i18n._('engine.upload.again')}
          </button>
        </div>
      )}
    </section>
  );
}
