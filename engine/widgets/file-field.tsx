import { useCallback, useEffect, useId, useMemo, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import { useLingui } from '@lingui/react';
import { descriptionId, helpId, type ErrorSchema, type FieldProps } from '@rjsf/utils';
import type { I18n } from '@lingui/core';
import type { FileRule } from '../files/content';
import { fileKinds } from '../files/file-kinds';
import { isRecord } from '../is-record';
import { isFileRef } from '../files/file-ref';
import { prepareFile, type PrepareStage } from '../files/prepare';
import { RequiredMark } from '../templates/required-mark';
import { ProgressBar } from './progress-bar';
import { primaryButtonClass, secondaryButtonClass, type FlowFormContext } from '../ui';

/**
 * A file field (`"ui:field": "file"`) over an object schema `{ id, name, type, size }` (a FileRef):
 * the accepted types are its `type` enum, the largest size its `size` maximum. The visitor drops a
 * file on it, chooses one, or — on a phone, when photos are accepted — takes a photo with the
 * camera (`ui:options.capture`, default `environment`). The file is inspected by its content and a
 * photo made smaller (engine/files/prepare.ts) with a bar for each stage; the bytes are kept on the
 * device beside the draft (`formContext.files`), the FileRef in the flow's data. A kept file shows
 * its preview (a photo) or its name, with Replace and Remove; a refused one says why, and a file
 * that could not be kept can be tried again.
 */

const stages: readonly PrepareStage[] = ['reading', 'resizing', 'keeping'];

type Busy = { stage: PrepareStage; name: string };
type Problem = { messageId: string; retry: File | null };


/** The rule an object schema of a FileRef sets: its `type` enum and its `size` maximum. */
export function fileRuleOf(schema: unknown): FileRule {
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  const type = isRecord(properties.type) ? properties.type : {};
  const size = isRecord(properties.size) ? properties.size : {};
  return {
    types: Array.isArray(type.enum) ? type.enum.filter((t): t is string => typeof t === 'string') : [],
    maxBytes: typeof size.maximum === 'number' ? size.maximum : 0,
  };
}

const megabyte = 1024 * 1024;

/** `1.2 MB`, `300 KB` in the page's language. */
function sizeText(i18n: I18n, bytes: number): string {
  if (bytes >= megabyte) return i18n._('engine.file.size.mb', { size: Number((bytes / megabyte).toFixed(1)).toLocaleString(i18n.locale) });
  return i18n._('engine.file.size.kb', { size: Math.max(1, Math.round(bytes / 1024)) });
}

/** Every message of an error tree below its root (the root's own are the field template's to show). */
function innerErrors(errorSchema: ErrorSchema | undefined): string[] {
  const found: string[] = [];
  const walk = (node: unknown, root: boolean) => {
    if (!isRecord(node)) return;
    for (const [key, child] of Object.entries(node)) {
      if (key === '__errors') {
        if (!root && Array.isArray(child)) found.push(...child.filter((e): e is string => typeof e === 'string'));
      } else walk(child, false);
    }
  };
  walk(errorSchema, true);
  return [...new Set(found)];
}

export function FileField(props: FieldProps) {
  const { i18n } = useLingui();
  const { schema, uiSchema, formData, onChange, fieldPathId, errorSchema, disabled, readonly, required, registry } = props;
  const context = registry.formContext as Partial<FlowFormContext> | undefined;
  const files = context?.files;
  const codec = context?.photoCodec;
  const id = fieldPathId.$id;
  const path = fieldPathId.path;
  const rule = useMemo(() => fileRuleOf(schema), [schema]);
  const ref = isFileRef(formData) ? formData : null;
  const options = (uiSchema?.['ui:options'] ?? {}) as Record<string, unknown>;
  const capture = options.capture === 'user' ? 'user' : 'environment';
  const photos = rule.types.some((type) => type.startsWith('image/'));
  const accept = [...rule.types, ...rule.types.flatMap((type) => (type === 'image/jpeg' ? ['.jpg', '.jpeg'] : type === 'application/pdf' ? ['.pdf'] : type === 'image/png' ? ['.png'] : type === 'image/webp' ? ['.webp'] : []))].join(',');
  const kinds = rule.types.map((type) => fileKinds[type] ?? type).join(', ');
  const locked = disabled || readonly;

  const [busy, setBusy] = useState<Busy | null>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [missing, setMissing] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const chooser = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const chooseButton = useRef<HTMLButtonElement>(null);
  const focusChooser = useRef(false);
  // A file chosen while another is still being prepared wins; the older one's result is dropped.
  const attempt = useRef(0);
  const statusId = useId();

  // The kept bytes of the field's file: its preview, or — the device no longer has them — a request to choose it again.
  const refId = ref?.id ?? null;
  const refName = ref?.name ?? '';
  const refType = ref?.type ?? '';
  useEffect(() => {
    if (!refId || !files) {
      setPreview(null);
      return;
    }
    let current = true;
    let url: string | null = null;
    const shown = ref;
    files.get(id).then(async (kept) => {
      if (kept?.ref.id === refId || !shown) return kept;
      // A row of a list of files that moved up (a row before it was removed) finds its file under the
      // row it was chosen in: it is kept under this one from now on.
      const blob = await files.read(shown);
      if (!blob) return null;
      await files.put(id, { ref: shown, blob });
      return { ref: shown, blob };
    }).then(
      (kept) => {
        if (!current) return;
        if (!kept || kept.ref.id !== refId) {
          setMissing(refName);
          onChange(undefined, path);
          return;
        }
        if (refType.startsWith('image/')) {
          url = URL.createObjectURL(kept.blob);
          setPreview(url);
        }
      },
      () => current && setMissing(refName),
    );
    return () => {
      current = false;
      if (url) URL.revokeObjectURL(url);
    };
    // `onChange` and `path` are new objects on every render of the form; the file is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refId, files, id]);

  useEffect(() => {
    if (focusChooser.current && !ref && !busy) {
      focusChooser.current = false;
      chooseButton.current?.focus();
    }
  }, [ref, busy]);

  const take = useCallback(
    async (file: File) => {
      const mine = ++attempt.current;
      const stillMine = () => mine === attempt.current;
      setProblem(null);
      setMissing(null);
      setBusy({ stage: 'reading', name: file.name });
      const prepared = await prepareFile(file, rule, {
        ...(codec ? { codec } : {}),
        onStage: (stage) => stillMine() && setBusy({ stage, name: file.name }),
      }).catch(() => ({ problem: 'unreadable' as const }));
      if (!stillMine()) return;
      if ('problem' in prepared) {
        setBusy(null);
        setProblem({ messageId: `engine.file.problem.${prepared.problem}`, retry: null });
        return;
      }
      setBusy({ stage: 'keeping', name: file.name });
      try {
        if (!files) throw new Error('no file store');
        await files.put(id, prepared);
      } catch {
        if (!stillMine()) return;
        setBusy(null);
        setProblem({ messageId: 'engine.file.keep-failed', retry: file });
        return;
      }
      if (!stillMine()) return;
      setBusy(null);
      onChange(prepared.ref, path);
    },
    [rule, codec, files, id, onChange, path],
  );

  const chosen = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    // The same file chosen again must fire `change` again.
    e.target.value = '';
    if (file) void take(file);
  };

  const remove = async () => {
    attempt.current += 1;
    setProblem(null);
    setMissing(null);
    focusChooser.current = true;
    await files?.remove(id).catch(() => undefined);
    onChange(undefined, path);
  };

  const onDragOver = (e: DragEvent) => {
    if (locked || busy) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (e: DragEvent) => {
    if (locked || busy) return;
    e.preventDefault();
    setDragging(false);
    const file = e.dataTransfer.files[0];
    if (file) void take(file);
  };

  // A row of a list of files without a title of its own is named by its place in the list.
  const row = path.length > 1 ? Number(path.at(-1)) : Number.NaN;
  const title = typeof schema.title === 'string' ? schema.title : Number.isInteger(row) ? i18n._('engine.claim.files.row', { n: row + 1 }) : props.name;
  const description = typeof schema.description === 'string' ? schema.description : null;
  const describedBy = [`${id}__error`, description ? descriptionId(id) : null, helpId(id), problem || missing ? statusId : null].filter(Boolean).join(' ');
  const inner = innerErrors(errorSchema);

  return (
    <fieldset className="min-w-0" aria-describedby={description ? descriptionId(id) : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">
        {i18n._(title)}
        {required && <RequiredMark />}
      </legend>
      {description && (
        <p id={descriptionId(id)} className="mb-1 text-sm text-slate-600">
          {i18n._(description)}
        </p>
      )}
      <p id={helpId(id)} className="mb-2 text-sm text-slate-600">
        {i18n._('engine.file.accepts', { kinds, max: Number((rule.maxBytes / megabyte).toFixed(1)).toLocaleString(i18n.locale) })}
      </p>
      <input ref={chooser} type="file" accept={accept} hidden tabIndex={-1} aria-hidden="true" onChange={chosen} data-testid={`${id}__input`} />
      {photos && <input ref={camera} type="file" accept={rule.types.filter((t) => t.startsWith('image/')).join(',')} capture={capture} hidden tabIndex={-1} aria-hidden="true" onChange={chosen} />}
      {busy ? (
        <div className="rounded-xl border border-slate-200 bg-slate-50 p-3" role="status">
          <p className="mb-2 truncate text-sm text-slate-800">{i18n._(`engine.file.stage.${busy.stage}`, { name: busy.name })}</p>
          <ProgressBar value={stages.indexOf(busy.stage) + 1} max={stages.length} label={i18n._(`engine.file.stage.${busy.stage}`, { name: busy.name })} />
        </div>
      ) : ref ? (
        <div className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-3" data-testid={`${id}__kept`}>
          {preview ? (
            <img src={preview} alt={i18n._('engine.file.preview', { name: ref.name })} className="h-20 w-20 shrink-0 rounded-lg bg-slate-100 object-cover" />
          ) : (
            <DocumentIcon />
          )}
          <div className="min-w-0 flex-1">
            <p className="truncate text-sm font-medium text-slate-900">{ref.name}</p>
            <p className="text-sm text-slate-600">{sizeText(i18n, ref.size)}</p>
            {!locked && (
              <div className="mt-2 flex flex-wrap gap-2">
                <button type="button" className={`${secondaryButtonClass} px-3 py-1.5 text-sm`} onClick={() => chooser.current?.click()} aria-label={i18n._('engine.file.replace.named', { name: ref.name })}>
                  {i18n._('engine.file.replace')}
                </button>
                <button type="button" className={`${secondaryButtonClass} px-3 py-1.5 text-sm`} onClick={() => void remove()} aria-label={i18n._('engine.file.remove.named', { name: ref.name })}>
                  {i18n._('engine.file.remove')}
                </button>
              </div>
            )}
          </div>
        </div>
      ) : (
        <div
          onDragOver={onDragOver}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid={`${id}__drop`}
          className={`flex flex-col items-stretch gap-2 rounded-xl border-2 border-dashed p-4 text-center sm:flex-row sm:items-center sm:text-left ${dragging ? 'border-sky-600 bg-sky-50' : 'border-slate-300 bg-white'}`}
        >
          <p className="hidden text-sm text-slate-600 pointer-fine:block sm:flex-1">{i18n._('engine.file.drop')}</p>
          {photos && (
            <button type="button" className={`${primaryButtonClass} hidden pointer-coarse:inline-flex`} disabled={locked} onClick={() => camera.current?.click()} aria-describedby={describedBy}>
              {i18n._('engine.file.camera')}
            </button>
          )}
          <button id={id} ref={chooseButton} type="button" className={photos ? secondaryButtonClass : primaryButtonClass} disabled={locked} onClick={() => chooser.current?.click()} aria-describedby={describedBy}>
            {i18n._('engine.file.choose')}
          </button>
        </div>
      )}
      {(problem || missing) && (
        <div id={statusId} role="alert" className="mt-2 rounded-lg bg-red-50 p-3 text-sm text-red-800">
          <p>{problem ? i18n._(problem.messageId) : i18n._('engine.file.missing', { name: missing ?? '' })}</p>
          {problem?.retry && (
            <button type="button" className={`${secondaryButtonClass} mt-2 px-3 py-1.5 text-sm`} onClick={() => problem.retry && void take(problem.retry)}>
              {i18n._('engine.retry')}
            </button>
          )}
        </div>
      )}
      {inner.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-sm text-red-700">
          {inner.map((error) => (
            <li key={error}>{error}</li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

function DocumentIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-20 w-16 shrink-0 text-slate-500" fill="none" stroke="currentColor" strokeWidth="1.5">
      <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
      <path d="M14 3v5h5M9 13h6M9 17h6" />
    </svg>
  );
}

