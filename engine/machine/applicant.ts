import type { FlowData, ProductDefinition } from '../definition';
import { isRecord } from '../is-record';
import { pathSegments, valueAt } from '../paths';

const empty = (value: unknown) => value === undefined || value === null || value === '';

/** `container` with `value` at `segments` (an array's rows by their index), copied along the way; null when a row is not there. */
function withValue(container: unknown, segments: readonly string[], value: unknown): unknown {
  const [head, ...rest] = segments;
  if (head === undefined) return value;
  if (Array.isArray(container)) {
    const row = Number(head);
    if (!Number.isInteger(row) || row < 0 || row >= container.length) return null;
    const inner = withValue(container[row], rest, value);
    if (inner === null) return null;
    const rows = [...container];
    rows[row] = inner;
    return rows;
  }
  const object = isRecord(container) ? container : {};
  const inner = withValue(object[head], rest, value);
  return inner === null ? null : { ...object, [head]: inner };
}

/**
 * The step objects a client's details change (`ProductDefinition.applicant`): the person's passport
 * and birthday only where none of the person is given yet (half a person typed by the visitor is
 * not completed with another's), the phone only where it is empty; a foreigner is left alone.
 */
export function offeredTo(
  place: NonNullable<ProductDefinition['applicant']>,
  data: FlowData,
  person: Record<string, string>,
  phone: string | undefined,
): [step: string, object: Record<string, unknown>][] {
  const changed = new Map<string, Record<string, unknown>>();
  const objectOf = (step: string) => changed.get(step) ?? data[step] ?? {};
  const put = (pointer: string, value: unknown) => {
    const [step, ...rest] = pathSegments(pointer);
    if (step === undefined) return;
    const next = withValue(objectOf(step), rest, value);
    if (isRecord(next)) changed.set(step, next);
  };
  const current = valueAt(data, place.person);
  const holder = isRecord(current) ? current : {};
  const untouched = holder.foreign !== true && ['passport', 'foreignPassport', 'birthday', 'firstName', 'lastName'].every((field) => empty(holder[field]));
  if (untouched && Object.keys(person).length > 0) put(place.person, { ...holder, ...person });
  if (phone && place.phone && empty(valueAt(data, place.phone))) put(place.phone, phone);
  return [...changed];
}
