import type {
  Action, CatalogOption, ClaimDefinition, ClaimDocument, Guard, MessageId, RJSFSchema, StepDefinition, SummaryRow, UiSchema,
} from '../../../engine/definition';
import { isIsoDate, isoToDmy } from '../api/api-format';
import { isFileRef } from '../../../engine/files/file-ref';
import type { ProductManifest } from '../define/define';
import policySchema from '../../../schemas/claims/common/policy.json';
import policyUi from '../../../schemas/claims/common/policy.ui.json';
import payoutSchema from '../../../schemas/claims/common/payout.json';
import payoutUi from '../../../schemas/claims/common/payout.ui.json';
import consentSchema from '../../../schemas/claims/common/consent.json';
import consentUi from '../../../schemas/claims/common/consent.ui.json';
import { claimBinding } from './claim-binding';
import type { ClaimCatalog, ClaimData, ClaimPayout } from './claim-data';

/**
 * How a product's claim form is put together: the steps every claim asks (which policy, first; the
 * payout and the consent, last) around the steps of the product's family, with the family's
 * documents and decision days. A product folder's claim.ts is one call of `assembleClaim`.
 */

/** A document of a family, as its step holds it: the field's name is its kind. */
export interface FamilyDocument {
  kind: string;
  step: string;
  needed: boolean;
}

/**
 * A family of products whose claims ask the same questions (car, travel, …): its steps between the
 * policy and the payout (`event` first), its documents, how long the insurer takes to decide, and
 * its own rules, option lists and summary rows.
 */
export interface ClaimFamily {
  id: string;
  steps: StepDefinition[];
  documents: FamilyDocument[];
  decisionDays: number;
  show?: Record<string, string>;
  onChange?: Record<string, string>;
  guards?: Record<string, Guard<ClaimData>>;
  actions?: Record<string, Action<ClaimData, ClaimCatalog>>;
  options?: (catalog: ClaimCatalog, data: ClaimData) => Record<string, CatalogOption[]>;
  /** What the family's steps say, in the order the summary lists it after the policy and the event's date. */
  summary: (data: ClaimData) => SummaryRow[];
}

/** A step of a family, its schema and uiSchema as the schema files hold them. */
export function familyStep(id: string, schema: object, ui: object, description?: MessageId, messageAreas?: readonly string[]): StepDefinition {
  return { id, title: `claim.step.${id}`, ...(description ? { description } : {}), schema: schema as RJSFSchema, uiSchema: ui as UiSchema, ...(messageAreas ? { messageAreas } : {}) };
}

/** Whether a 16-digit card number passes the Luhn check every payment card's number does. */
export function luhnValid(digits: string): boolean {
  if (!/^[0-9]+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export const cardMessage: MessageId = 'claim.error.card';

/** A card number of 16 digits that fails the Luhn check is a typo: said at the field as soon as it is typed. */
const checkCard: Action<ClaimData, ClaimCatalog> = (next) => {
  const { card } = next.payout;
  if (typeof card === 'string' && /^[0-9]{16}$/.test(card) && !luhnValid(card)) return { data: next, errors: { payout: { '/card': cardMessage } } };
  return { data: next, withdrawn: { payout: { '/card': cardMessage } } };
};

/**
 * A field effect for a list of files a family asks for: a list the visitor emptied is no list, so
 * the claim comes without that document (asked for afterwards) instead of being refused as empty.
 */
export function dropEmptyList(step: string, field: string): Action<ClaimData, ClaimCatalog> {
  return (next) => {
    const object = next[step];
    const list = object?.[field];
    if (!object || !Array.isArray(list) || list.length > 0) return { data: next };
    const { [field]: _emptied, ...rest } = object;
    return { data: { ...next, [step]: rest } as ClaimData };
  };
}

/** `DD.MM.YYYY`, as the policy prints dates; empty while the date is missing. */
export const dateText = (value: unknown): string => (isIsoDate(value) ? isoToDmy(value, '.') : '');

/** The files of a file field (one FileRef or a list of them). */
export function filesOf(value: unknown): { id: string; name: string }[] {
  if (isFileRef(value)) return [value];
  return Array.isArray(value) ? value.filter(isFileRef) : [];
}

/** The last four digits of a card or an account, the rest hidden, as the summary and the cabinet show them. */
export function maskedPayout(payout: ClaimPayout): string {
  const number = payout.method === 'account' ? payout.account : payout.card;
  if (typeof number !== 'string' || number.length < 4) return '';
  return payout.method === 'account' ? `•••• ${number.slice(-4)}` : `${number.slice(0, 4)} •••• •••• ${number.slice(-4)}`;
}

const option = (value: string, label: MessageId): CatalogOption => ({ value, label });

function claimSummary(family: ClaimFamily) {
  return (data: ClaimData, catalog: ClaimCatalog): SummaryRow[] => {
    const { policy, event, payout } = data;
    const mine = policy.way === 'mine' ? catalog.policies.find((p) => p.id === policy.policyId) : undefined;
    // Each document with how many files come with it, or that it can be sent later from the cabinet.
    const documents: SummaryRow[] = family.documents.map((document) => {
      const count = filesOf(data[document.step]?.[document.kind]).length;
      return { label: `claim.document.${document.kind}`, value: count > 0 ? { message: 'claim.summary.files', values: { count } } : { message: 'claim.summary.files.later' } };
    });
    return [
      { label: 'claim.summary.policy', value: mine ? `${mine.number} · ${mine.subject}` : policy.policyNumber ?? '' },
      { label: 'claim.summary.event_date', value: dateText(event.date) },
      ...family.summary(data),
      ...documents,
      { label: 'claim.summary.payout', value: { message: `claim.method.${payout.method ?? 'card'}.masked`, values: { number: maskedPayout(payout) } } },
      { label: 'claim.summary.holder', value: payout.holder ?? '' },
    ];
  };
}

/** The claim of a product of a family: policy, the family's steps, payout, consent (which files it), the receipt. */
export function assembleClaim(manifest: Pick<ProductManifest, 'id' | 'title'>, family: ClaimFamily): ClaimDefinition<ClaimData, ClaimCatalog> {
  const steps: StepDefinition[] = [
    { id: 'policy', title: 'claim.step.policy', description: 'claim.step.policy.help', schema: policySchema as RJSFSchema, uiSchema: policyUi as UiSchema, call: 'findPolicy' },
    ...family.steps,
    { id: 'payout', title: 'claim.step.payout', description: 'claim.step.payout.help', schema: payoutSchema as RJSFSchema, uiSchema: payoutUi as UiSchema },
    { id: 'consent', title: 'claim.step.consent', description: 'claim.step.consent.help', schema: consentSchema as RJSFSchema, uiSchema: consentUi as UiSchema, submit: 'save' },
    { id: 'receipt', component: 'receipt', title: 'claim.step.receipt', hidden: true },
  ];
  const documents: ClaimDocument[] = family.documents.map((document) => ({ ...document, title: `claim.document.${document.kind}` }));
  const initialData = {
    policy: { way: 'number' },
    ...Object.fromEntries(family.steps.map((step) => [step.id, {}])),
    payout: { method: 'card' },
    consent: {},
  } as ClaimData;
  return {
    kind: 'claim',
    id: manifest.id,
    family: family.id,
    version: 1,
    title: manifest.title,
    steps,
    initialData,
    machine: {
      show: {
        'policy.policyId': 'byMyPolicy',
        'policy.policyNumber': 'byPolicyNumber',
        'policy.passport': 'byPolicyNumber',
        'policy.birthday': 'byPolicyNumber',
        'payout.card': 'toCard',
        'payout.account': 'toAccount',
        'payout.mfo': 'toAccount',
        ...family.show,
      },
      onChange: { 'payout.card': 'checkCard', ...family.onChange },
      guards: {
        byMyPolicy: (data) => data.policy.way === 'mine',
        byPolicyNumber: (data) => data.policy.way !== 'mine',
        toCard: (data) => data.payout.method !== 'account',
        toAccount: (data) => data.payout.method === 'account',
        ...family.guards,
      },
      actions: { checkCard, ...family.actions },
    },
    // Signed out, a policy is found by its number only; signed in, also chosen among the client's own.
    options: (catalog, data) => ({
      ways: catalog.signedIn ? [option('mine', 'claim.way.mine'), option('number', 'claim.way.number')] : [option('number', 'claim.way.number')],
      policies: catalog.policies.map((p) => {
        const text = `${p.number} · ${p.subject} (${dateText(p.beginDate)} – ${dateText(p.endDate)})`;
        return { value: p.id, label: text, text };
      }),
      ...family.options?.(catalog, data),
    }),
    binding: claimBinding(manifest.id),
    documents,
    decisionDays: family.decisionDays,
    summary: claimSummary(family),
  };
}
