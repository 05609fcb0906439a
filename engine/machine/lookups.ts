import type { FieldErrors, FlowData, LookupBinding, MachineRules } from '../definition';
import { changedStep } from './effects';
import { failureMessageId, isBindingFailure } from '../failure';
import { clearFieldError, setFieldError, withoutKey } from './progress';
import type { FlowContext, PendingLookup } from './types';

/** A lookup to start: which lookup, which row (null: the step object), its key and the value it reads. */
export interface LookupJob {
  rowKey: string;
  key: string | null;
  lookup: number;
  row: number | null;
  value: Record<string, unknown>;
}

function rowPath(rows: string | undefined, row: number | null): string {
  return rows === undefined || row === null ? '' : `/${rows}/${row}`;
}

const asRecord = (value: unknown): Record<string, unknown> =>
  (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;

/** Lookups to (re)start for `data`: rows whose key is set and differs from the last one started, or cleared. */
export function lookupJobs(lookups: readonly LookupBinding<never>[], lookupKeys: Record<string, string>, data: FlowData): LookupJob[] {
  const jobs: LookupJob[] = [];
  lookups.forEach((lookup, index) => {
    const object = data[lookup.step] ?? {};
    if (lookup.rows === undefined) {
      jobs.push({ rowKey: `${index}:self`, key: lookup.key(object), lookup: index, row: null, value: object });
      return;
    }
    const rows = object[lookup.rows];
    if (!Array.isArray(rows)) return;
    rows.forEach((value: unknown, row) => {
      const record = asRecord(value);
      jobs.push({ rowKey: `${index}:${row}`, key: lookup.key(record), lookup: index, row, value: record });
    });
  });
  return jobs.filter((job) => job.key !== (lookupKeys[job.rowKey] ?? null));
}

/**
 * The context once a lookup child answered: its answer merged into its row (or object), its row's
 * message cleared, and the step's field effects run for what the answer changed, as for the visitor's own change.
 */
export function mergedLookup<D extends FlowData, C>(
  context: FlowContext,
  lookups: readonly LookupBinding<never>[],
  rules: MachineRules<D, C>,
  actorId: string,
  answer: Record<string, unknown>,
): Partial<FlowContext> {
  const job: PendingLookup | undefined = context.pending[actorId];
  const pending = withoutKey(context.pending, actorId);
  const lookup = job ? lookups[job.lookup] : undefined;
  if (!job || !lookup) return { pending };
  const object = context.data[lookup.step] ?? {};
  let nextObject: Record<string, unknown>;
  if (lookup.rows === undefined || job.row === null) {
    nextObject = { ...object, ...answer };
  } else {
    const rows = Array.isArray(object[lookup.rows]) ? [...(object[lookup.rows] as unknown[])] : [];
    const current = rows[job.row];
    // The row was removed while its lookup ran.
    if (typeof current !== 'object' || current === null) return { pending };
    rows[job.row] = { ...current, ...answer };
    nextObject = { ...object, [lookup.rows]: rows };
  }
  const changed = changedStep(rules, context.data, clearFieldError(context.fieldErrors, lookup.step, rowPath(lookup.rows, job.row) || '/'), lookup.step, nextObject, context.catalog as C);
  return { pending, data: changed.data, fieldErrors: changed.fieldErrors };
}

/** The context once a lookup child failed: its message on the field the failure names, else on its row. */
export function failedLookup(context: FlowContext, lookups: readonly LookupBinding<never>[], actorId: string, failure: unknown): Partial<FlowContext> {
  const job = context.pending[actorId];
  const pending = withoutKey(context.pending, actorId);
  const lookup = job ? lookups[job.lookup] : undefined;
  if (!job || !lookup) return { pending };
  const field = isBindingFailure(failure) && failure.field ? failure.field : { step: lookup.step, path: rowPath(lookup.rows, job.row) || '/' };
  const fieldErrors: FieldErrors = setFieldError(context.fieldErrors, field.step, field.path, failureMessageId(failure));
  return { pending, fieldErrors, lookupFailures: { ...context.lookupFailures, [job.rowKey]: field } };
}
