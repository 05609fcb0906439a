import type { FlowData, ProductDefinition } from './definition';
import { isRecord } from './is-record';

const empty = (value: unknown) => value === undefined || value === null || value === '';

// Read here rather than with engine/paths.ts: this module loads on its own, and sharing that one
// with it would split it out of the flow page's first chunk (one more request on every flow page).
const segmentsOf = (pointer: string) => pointer.split('/').filter((segment) => segment !== '');
const read = (root: unknown, pointer: string): unknown =>
  segmentsOf(pointer).reduce<unknown>((value, segment) => (isRecord(value) || Array.isArray(value) ? (value as Record<string, unknown>)[segment] : undefined), root);

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
    const [step, ...rest] = segmentsOf(pointer);
    if (step === undefined) return;
    const next = withValue(objectOf(step), rest, value);
    if (isRecord(next)) changed.set(step, next);
  };
  const current = read(data, place.person);
  const holder = isRecord(current) ? current : {};
  const untouched = holder.foreign !== true && ['passport', 'foreignPassport', 'birthday', 'firstName', 'lastName'].every((field) => empty(holder[field]));
  if (untouched && Object.keys(person).length > 0) put(place.person, { ...holder, ...person });
  if (phone && place.phone && empty(read(data, place.phone))) put(place.phone, phone);
  return [...changed];
}
