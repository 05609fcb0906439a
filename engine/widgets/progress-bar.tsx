/** A determinate bar (the stages of preparing a file, the bytes of an upload), its value read out as a percentage. */
export function ProgressBar({ value, max, label }: { value: number; max: number; label: string }) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0;
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} className="h-2 w-full overflow-hidden rounded-full bg-slate-200">
      <div className="h-full rounded-full bg-sky-700 transition-[width] duration-200" style={{ width: `${percent}%` }} />
    </div>
  );
}
