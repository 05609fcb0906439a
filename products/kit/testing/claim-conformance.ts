import type { ClaimDefinition, FlowData, MessageId, SummaryText } from '../../../engine/definition';
import { isRecord } from '../../../engine/is-record';
import {
  commonFieldProblems, definitionMessageIds, type DeclaredFlow, fileFieldProblems, flatnessProblems, isMessageId, machineProblems, stepProblems, uiNames, uiSchemaStrayKeys,
} from './conformance';

/**
 * Pure inspections of an insurance event's form (`products/<id>/claim.ts`), beside the purchase's
 * (`conformance.ts`, whose step, rule and schema checks it runs too): shared by the claim kit's test
 * and `tools/products-check.ts`.
 */

type AnyClaim = ClaimDefinition<FlowData, unknown>;

/** The statuses a claim goes through, each shown as `claim.status.<status>`. */
export const claimStatuses = ['received', 'documents_requested', 'under_review', 'approved', 'declined', 'paid'] as const;

/** Whether a schema node is a file field's FileRef (an object of `id`, `name`, `type`, `size`). */
const isFileRefSchema = (node: unknown): boolean => isRecord(node) && node.type === 'object' && isRecord(node.properties)
  && ['id', 'name', 'type', 'size'].every((key) => key in (node.properties as Record<string, unknown>));

interface FileField {
  name: string;
  list: boolean;
  maxItems?: number;
}

/** The file fields of a step: one FileRef, or a list of at most 10 of them. */
export function fileFields(schema: unknown): FileField[] {
  const properties = isRecord(schema) && isRecord(schema.properties) ? schema.properties : {};
  return Object.entries(properties).flatMap(([name, node]): FileField[] => {
    if (isFileRefSchema(node)) return [{ name, list: false }];
    if (isRecord(node) && node.type === 'array' && isFileRefSchema(node.items)) return [{ name, list: true, ...(typeof node.maxItems === 'number' ? { maxItems: node.maxItems } : {}) }];
    return [];
  });
}

function shapeProblems(claim: AnyClaim): string[] {
  const problems: string[] = [];
  const ids = claim.steps.map((s) => s.id);
  if (ids[0] !== 'policy') problems.push('the first step is not "policy"');
  const visible = claim.steps.filter((s) => !s.hidden);
  if (visible.at(-1)?.id !== 'consent' || visible.at(-1)?.submit !== 'save') problems.push('the last visible step is not "consent" filing the claim (submit: save)');
  if (visible.at(-2)?.id !== 'payout') problems.push('"payout" does not come just before "consent"');
  const receipt = claim.steps.at(-1);
  if (receipt?.id !== 'receipt' || receipt.component !== 'receipt' || !receipt.hidden) problems.push('the steps do not end with the hidden "receipt" step');
  const event = claim.steps.find((s) => s.id === 'event');
  const properties = isRecord(event?.schema) && isRecord(event.schema.properties) ? event.schema.properties : {};
  const required = Array.isArray(event?.schema?.required) ? event.schema.required : [];
  const date = properties.date;
  const description = properties.description;
  if (ids[1] !== 'event') problems.push('"event" is not the second step');
  if (!isRecord(date) || date.format !== 'date' || !required.includes('date')) problems.push('event.date is not a required ISO date');
  if (!isRecord(description) || description.minLength !== 10 || description.maxLength !== 2000 || !required.includes('description')) {
    problems.push('event.description is not a required text of 10 to 2000 characters');
  }
  if (!Number.isInteger(claim.decisionDays) || claim.decisionDays < 1 || claim.decisionDays > 60) problems.push(`decisionDays ${claim.decisionDays} is not a believable number of days`);
  return problems;
}

/** Every document names a file field of its step, under its own title; every file field is a document. */
export function documentProblems(claim: AnyClaim): string[] {
  const problems: string[] = [];
  const kinds = new Set<string>();
  for (const document of claim.documents) {
    if (kinds.has(document.kind)) problems.push(`document "${document.kind}" is listed twice`);
    kinds.add(document.kind);
    const step = claim.steps.find((s) => s.id === document.step);
    const field = fileFields(step?.schema).find((f) => f.name === document.kind);
    if (!field) problems.push(`document "${document.kind}" is no file field of step "${document.step}"`);
    if (field?.list && (field.maxItems === undefined || field.maxItems > 10)) problems.push(`document "${document.kind}" takes more than 10 files`);
    if (document.title !== `claim.document.${document.kind}`) problems.push(`document "${document.kind}" is titled "${document.title}", not claim.document.${document.kind}`);
  }
  for (const step of claim.steps) {
    for (const field of fileFields(step.schema)) {
      if (!claim.documents.some((d) => d.step === step.id && d.kind === field.name)) problems.push(`file field ${step.id}.${field.name} is not one of the claim's documents`);
    }
  }
  return problems;
}

/** Every problem of a claim's declaration: its steps, rules, schemas, documents and shape; `catalog` is what its binding loads. */
export function claimProblems<D extends FlowData, C>(declared: ClaimDefinition<D, C>, catalog: C): string[] {
  const claim = declared as unknown as AnyClaim;
  const offered = claim.options?.(catalog, claim.initialData) ?? {};
  const problems = [...stepProblems(claim), ...machineProblems(claim), ...shapeProblems(claim), ...documentProblems(claim)];
  for (const step of claim.steps.filter((s) => (s.component ?? 'form') === 'form')) {
    const at = `step "${step.id}"`;
    problems.push(...[
      ...flatnessProblems(step.schema, ''), ...commonFieldProblems(step.schema, ''), ...uiSchemaStrayKeys(step.schema, step.uiSchema, ''),
      ...fileFieldProblems(step.schema, step.uiSchema, ''),
    ].map((problem) => `${at}${problem}`));
    for (const [list, pointer] of uiNames(step.uiSchema).optionsFrom) {
      if (!Object.hasOwn(offered, list)) {
        problems.push(`${at}${pointer}: options list "${list}" is not offered`);
      }
    }
  }
  return problems;
}

/** The message ids of a summary's texts. */
function summaryMessageIds(texts: SummaryText | SummaryText[]): MessageId[] {
  return (Array.isArray(texts) ? texts : [texts]).flatMap((text) => (typeof text === 'object' && 'message' in text ? [text.message] : []));
}

/**
 * Message ids a claim page shows for these flows and this catalog: the declaration's texts, its
 * documents, the options' labels, the summary's, the statuses and the refusals.
 */
export function claimMessageIds<D extends FlowData, C>(claim: ClaimDefinition<D, C>, catalog: C, flows: D[], refusals: readonly string[]): MessageId[] {
  const ids = [...definitionMessageIds(claim as unknown as DeclaredFlow), ...claim.documents.map((d) => d.title), ...claimStatuses.map((s) => `claim.status.${s}`), ...refusals];
  for (const data of [claim.initialData, ...flows]) {
    for (const list of Object.values(claim.options?.(catalog, data) ?? {})) {
      for (const option of list) if (option.text === undefined && isMessageId(option.label)) ids.push(option.label);
    }
    for (const row of claim.summary(data, catalog)) ids.push(row.label, ...summaryMessageIds(row.value));
  }
  return ids;
}
