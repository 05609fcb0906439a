import type { FieldErrors, FlowData, LookupBinding, MachineRules } from '../definition';
import { changedStep } from './effects';
import { isRecord } from '../is-record';
import { deepEquals } from '@rjsf/utils';
import { failureFieldMessage, isBindingFailure } from '../failure';
import { clearFieldError, setFieldError, withoutKey } from './progress';
import { ACTOR_IDS, type FlowContext, type LookupInput, type LookupVerdicts, type PendingLookup } from './types';

/** A lookup to start: which lookup, which row (null: the step object), its key and the value it reads. */
export interface LookupJob {
  rowKey: string;
  key: string | null;
  lookup: number;
  row: number | null;
  value: Record<string, unknown>;
}

/** A row's path in its step object (`/persons/1`); '' for the step object itself. */
export function rowPath(rows: string | undefined, row: number | null): string {
  return rows === undefined || row === null ? '' : `/${rows}/${row}`;
}

const asRecord = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});

/** Every row's lookup for `data`, with its key (null while its inputs are not complete). */
export function allLookupJobs(lookups: readonly LookupBinding<never>[], data: FlowData): LookupJob[] {
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
  return jobs;
}

/** Lookups to (re)start for `data`: rows whose key is set and differs from the last one started, or cleared. */
function lookupJobs(lookups: readonly LookupBinding<never>[], lookupKeys: Record<string, string>, data: FlowData): LookupJob[] {
  return allLookupJobs(lookups, data).filter((job) => job.key !== (lookupKeys[job.rowKey] ?? null));
}

/** What starting the lookups of new data does: the children to stop and to spawn, and the context after. */
export interface LookupPlan {
  stop: string[];
  spawn: { id: string; input: LookupInput }[];
  context: Pick<FlowContext, 'fieldErrors' | 'pending' | 'lookupKeys' | 'lookupFailures' | 'lookupSeq'>;
}

/**
 * The lookups `data` calls for — rows whose key is new, as the visitor typed it or another lookup's
 * answer brought it (a car's owner INN, then the owner company) — each superseding its row's running
 * lookup and its last failure's message; a row whose key was cleared forgets it. `answered` is the
 * row whose answer `data` holds.
 */
export function planLookups(lookups: readonly LookupBinding<never>[], context: FlowContext, data: FlowData, fieldErrors: FieldErrors, answered?: string): LookupPlan {
  const plan: LookupPlan = { stop: [], spawn: [], context: { fieldErrors, pending: context.pending, lookupKeys: { ...context.lookupKeys }, lookupFailures: context.lookupFailures, lookupSeq: context.lookupSeq } };
  const next = plan.context;
  for (const job of lookupJobs(lookups, context.lookupKeys, data)) {
    // The row just answered keeps its answer, even where the answer rewrote its key (a normalised number).
    if (job.rowKey === answered) {
      if (job.key === null) delete next.lookupKeys[job.rowKey];
      else next.lookupKeys[job.rowKey] = job.key;
      continue;
    }
    for (const [id, running] of Object.entries(next.pending)) {
      if (running.rowKey !== job.rowKey) continue;
      plan.stop.push(id);
      next.pending = withoutKey(next.pending, id);
    }
    // The row's inputs changed: the message its last failure placed spoke of the old ones.
    const failed = next.lookupFailures[job.rowKey];
    if (failed) {
      next.fieldErrors = clearFieldError(next.fieldErrors, failed.step, failed.path);
      next.lookupFailures = withoutKey(next.lookupFailures, job.rowKey);
    }
    if (job.key === null) {
      delete next.lookupKeys[job.rowKey];
      continue;
    }
    next.lookupKeys[job.rowKey] = job.key;
    const id = `${ACTOR_IDS.lookupPrefix}${next.lookupSeq++}`;
    next.pending = { ...next.pending, [id]: { lookup: job.lookup, row: job.row, rowKey: job.rowKey, key: job.key, asked: job.value } };
    plan.spawn.push({ id, input: { lookup: job.lookup, row: job.value, catalog: context.catalog } });
  }
  return plan;
}

/**
 * The step object with the looked-up row (the object itself, or row `row` of its `rows` array)
 * replaced by `update`'s; null when that row is gone (removed while its lookup ran).
 */
function withRow(
  object: Record<string, unknown>,
  lookup: LookupBinding<never>,
  row: number | null,
  update: (current: Record<string, unknown>) => Record<string, unknown>,
): Record<string, unknown> | null {
  if (lookup.rows === undefined || row === null) return update(object);
  const rows = Array.isArray(object[lookup.rows]) ? [...(object[lookup.rows] as unknown[])] : [];
  const current = rows[row];
  if (typeof current !== 'object' || current === null) return null;
  rows[row] = update(current as Record<string, unknown>);
  return { ...object, [lookup.rows]: rows };
}

/**
 * The answer without the fields the visitor changed while it was on its way: a name being typed when
 * the registry's arrives would otherwise be replaced mid-word (and the keys still on their way added
 * to it: `Valili`), or a name typed by hand silently respelt. What they left alone, or left empty, the answer fills.
 */
function notRetyped(answer: Record<string, unknown>, asked: Record<string, unknown>, now: Record<string, unknown>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(answer)) {
    const current = now[field];
    if (current === undefined || current === null || current === '' || deepEquals(current, asked[field])) kept[field] = value;
  }
  return kept;
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
  let filled: Record<string, unknown> = {};
  const nextObject = withRow(context.data[lookup.step] ?? {}, lookup, job.row, (current) => {
    filled = notRetyped(answer, job.asked, current);
    return { ...current, ...filled };
  });
  // The row was removed while its lookup ran.
  if (!nextObject) return { pending };
  const changed = changedStep(rules, context.data, clearFieldError(context.fieldErrors, lookup.step, rowPath(lookup.rows, job.row) || '/'), lookup.step, nextObject, context.catalog as C);
  return { pending, data: changed.data, fieldErrors: changed.fieldErrors, lookupAnswers: { ...context.lookupAnswers, [job.rowKey]: filled } };
}

/** The row (or step object) without the fields `answer` filled that still hold what it put there. */
function withoutAnswer(row: Record<string, unknown>, answer: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([field, value]) => !(field in answer) || !deepEquals(value, answer[field])));
}

/**
 * The context once a lookup child failed: its message on the field the failure names, else on its
 * row; what the row's last answer filled in, and the visitor left alone, is taken away with the
 * field effects of that change (the new inputs have no answer; the old answer spoke of the old ones).
 */
export function failedLookup<D extends FlowData, C>(
  context: FlowContext,
  lookups: readonly LookupBinding<never>[],
  rules: MachineRules<D, C>,
  actorId: string,
  failure: unknown,
): Partial<FlowContext> {
  const job = context.pending[actorId];
  const pending = withoutKey(context.pending, actorId);
  const lookup = job ? lookups[job.lookup] : undefined;
  if (!job || !lookup) return { pending };
  let { data, fieldErrors } = context;
  const answered = context.lookupAnswers[job.rowKey];
  const nextObject = answered ? withRow(data[lookup.step] ?? {}, lookup, job.row, (current) => withoutAnswer(current, answered)) : null;
  if (nextObject) ({ data, fieldErrors } = changedStep(rules, data, fieldErrors, lookup.step, nextObject, context.catalog as C));
  const field = isBindingFailure(failure) && failure.field ? failure.field : { step: lookup.step, path: rowPath(lookup.rows, job.row) || '/' };
  fieldErrors = setFieldError(fieldErrors, field.step, field.path, failureFieldMessage(failure));
  return {
    pending,
    data,
    fieldErrors,
    lookupFailures: { ...context.lookupFailures, [job.rowKey]: field },
    lookupAnswers: withoutKey(context.lookupAnswers, job.rowKey),
  };
}

/**
 * `data` without what lookups answered for inputs their rows no longer hold: a row asked anew and
 * not answered yet, or whose inputs were changed to no key at all (a plate typed again, half-way).
 * Such an answer still stands in the data (the last car's model and type beside the new plate)
 * until the registry speaks of the new inputs; what is computed from it speaks of another car.
 */
export function withoutUnsettledAnswers(lookups: readonly LookupBinding<never>[], context: FlowContext, data: FlowData): FlowData {
  const asked = new Set(Object.values(context.pending).map((job) => job.rowKey));
  let kept = data;
  for (const [rowKey, answer] of Object.entries(context.lookupAnswers)) {
    if (!asked.has(rowKey) && context.lookupKeys[rowKey] !== undefined) continue;
    const [index, row] = rowKey.split(':');
    const lookup = lookups[Number(index)];
    if (!lookup) continue;
    const object = withRow(kept[lookup.step] ?? {}, lookup, row === 'self' ? null : Number(row), (current) => withoutAnswer(current, answer));
    if (object) kept = { ...kept, [lookup.step]: object };
  }
  return kept;
}

/**
 * The lookups of `step` to ask again after their failure (Next refused on it): their keys are
 * forgotten, so `planLookups` starts them as new, taking their old messages away meanwhile.
 */
export function withFailedLookupsForgotten(lookups: readonly LookupBinding<never>[], context: FlowContext, step: string): FlowContext {
  const lookupKeys = { ...context.lookupKeys };
  for (const rowKey of Object.keys(context.lookupFailures)) {
    const lookup = lookups[Number(rowKey.split(':')[0])];
    if (lookup?.step === step) delete lookupKeys[rowKey];
  }
  return { ...context, lookupKeys };
}

/** What a draft keeps of the lookups: their settled keys (a lookup still on its way runs again), failures, answers and the field messages. */
export function lookupVerdicts(context: FlowContext): LookupVerdicts {
  const running = new Set(Object.values(context.pending).map((job) => job.rowKey));
  const lookupKeys = Object.fromEntries(Object.entries(context.lookupKeys).filter(([rowKey]) => !running.has(rowKey)));
  return { fieldErrors: context.fieldErrors, lookupKeys, lookupFailures: context.lookupFailures, lookupAnswers: context.lookupAnswers };
}
