import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useLingui } from '@lingui/react';
import { formatPrice } from '../../engine/format';
import type { FileProblem, FileRule } from '../../engine/files/content';
import { fileKinds, formatBytes } from '../../engine/files/file-kinds';
import { localePath } from '../language';
import NotFoundPage from '../pages/not-found-page';
import { useLang } from '../use-lang';
import { usePageTitle } from '../use-page-title';
import { CabinetRefusal, type ClaimDetail, type ClaimStatus, type ClaimTimelineEntry } from './cabinet-api';
import { productTitle } from './cabinet-products';
import { Fact, Failed, FieldError, Loading, PageHeading, shownDate, shownDay, useRefusalText } from './cabinet-ui';
import { useClaimTexts } from './claim-texts';
import { StatusBadge } from './status-badge';
import { useCabinetApi, useCabinetData, useSessionEnded } from './use-cabinet';

/** What a claim's document field accepts, as the claim forms' file fields do. */
export const claimFileRule: FileRule = { types: ['image/jpeg', 'image/png', 'image/webp', 'application/pdf'], maxBytes: 10 * 1024 * 1024 };
/** The most files of one kind a claim's field takes. */
export const maxFilesPerKind = 10;

const closed: readonly ClaimStatus[] = ['approved', 'declined', 'paid'];

/** A step of the claim's way: one it went through (its timeline entry), where it is now, or one to come. */
export interface TimelineStep {
  status: ClaimStatus | 'decision';
  state: 'done' | 'current' | 'upcoming';
  entry: ClaimTimelineEntry | null;
}

/** What may still come after a status (documents are asked for only when some are missing, so they are not foretold). */
const ahead: Record<ClaimStatus, TimelineStep['status'][]> = {
  received: ['under_review', 'decision', 'paid'],
  documents_requested: ['under_review', 'decision', 'paid'],
  under_review: ['decision', 'paid'],
  approved: ['paid'],
  declined: [],
  paid: [],
};

/** The claim's way: every status it had, oldest first (the last one where it is now), then the steps still to come. */
export function timelineSteps(claim: Pick<ClaimDetail, 'claim_status' | 'timeline'>): TimelineStep[] {
  const past: TimelineStep[] = claim.timeline.map((entry, index) => ({ status: entry.status, state: index === claim.timeline.length - 1 ? 'current' : 'done', entry }));
  if (past.length === 0) past.push({ status: claim.claim_status, state: 'current', entry: null });
  return [...past, ...ahead[claim.claim_status].map((status): TimelineStep => ({ status, state: 'upcoming', entry: null }))];
}

/** A file's problem by its content (type, size, a damaged image or PDF), read as the server reads it (its code loads with the first file chosen). */
export async function fileProblem(file: Blob): Promise<FileProblem | null> {
  const { headBytes, inspectFile, tailBytes } = await import('../../engine/files/content');
  const bytes = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());
  const head = await bytes(file.slice(0, headBytes));
  const tail = await bytes(file.slice(Math.max(0, file.size - tailBytes)));
  return inspectFile({ size: file.size, head, tail }, claimFileRule).problem;
}

/** One claim of the client (`client-claim/:id`): its status and way so far, the decision, the files sent, and a form to send documents. */
export default function ApplicationPage() {
  const { i18n } = useLingui();
  const lang = useLang();
  const id = useParams()._id ?? '';
  const claim = useCabinetData((cabinet) => cabinet.claim(id), id);
  useClaimTexts();
  usePageTitle(claim.state === 'ready' ? i18n._('cabinet.application.number', { number: claim.data.number }) : i18n._('cabinet.application.title'));
  if (claim.state === 'failed' && claim.refusal.status === 404) return <NotFoundPage />;
  const back = (
    <Link to={localePath(lang, '/dashboard/applications')} className="font-semibold text-brand-800 underline">
      {i18n._('cabinet.application.back')}
    </Link>
  );
  if (claim.state !== 'ready') {
    return (
      <section aria-labelledby="page-title" className="space-y-6">
        {back}
        <PageHeading>{i18n._('cabinet.application.title')}</PageHeading>
        {claim.state === 'loading' ? <Loading /> : <Failed refusal={claim.refusal} onRetry={claim.reload} />}
      </section>
    );
  }
  return <ClaimView claim={claim.data} back={back} onChange={claim.replace} />;
}

function ClaimView({ claim, back, onChange }: { claim: ClaimDetail; back: React.ReactNode; onChange: (claim: ClaimDetail) => void }) {
  const { i18n } = useLingui();
  const texts = useClaimTexts();
  const title = productTitle(claim.product);
  const money = (amount: number) => `${formatPrice(amount)} ${i18n._('cabinet.currency')}`;
  const open = !closed.includes(claim.claim_status);
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading>{i18n._('cabinet.application.number', { number: claim.number })}</PageHeading>
        <StatusBadge status={claim.claim_status} kind="claim" />
      </div>
      {claim.claim_status === 'declined' && claim.decision_reason && (
        <div className="rounded-2xl bg-red-50 p-5 ring-1 ring-red-200" data-testid="decision-reason">
          <h2 className="font-bold">{i18n._('cabinet.application.reason')}</h2>
          <p className="mt-1 whitespace-pre-line break-words">{claim.decision_reason}</p>
        </div>
      )}
      {open && claim.documents_needed.length > 0 && (
        <p className="rounded-2xl bg-amber-50 p-5 ring-1 ring-amber-200">
          {i18n._('cabinet.application.needed', { documents: claim.documents_needed.map(texts.document).join(', ') })}{' '}
          <a href="#add-documents" className="font-semibold text-brand-800 underline">
            {i18n._('cabinet.documents.title')}
          </a>
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-3 rounded-2xl bg-white p-5 text-sm ring-1 ring-line sm:grid-cols-2 sm:p-6">
        <Fact label={i18n._('cabinet.application.product')} value={title ? i18n._(title) : claim.product} />
        <Fact label={i18n._('cabinet.policy.number')} value={claim.policy_number ?? '—'} />
        <Fact label={i18n._('cabinet.application.event')} value={shownDate(claim.event_date)} />
        <Fact label={i18n._('cabinet.application.filed')} value={shownDay(claim.created_at)} />
        {open && claim.answer_by && <Fact label={i18n._('cabinet.application.answerBy')} value={shownDate(claim.answer_by)} />}
        {claim.payout_amount !== null && (
          <Fact label={i18n._(claim.claim_status === 'paid' ? 'cabinet.application.amountPaid' : 'cabinet.application.amountApproved')} value={money(claim.payout_amount)} />
        )}
        <Fact label={i18n._('cabinet.application.payout')} value={i18n._(`cabinet.application.payout.${claim.payout.method}`, { masked: claim.payout.masked })} />
        <div className="sm:col-span-2">
          <dt className="text-ink-soft">{i18n._('cabinet.application.description')}</dt>
          <dd className="whitespace-pre-line break-words">{claim.description}</dd>
        </div>
      </dl>
      <Timeline claim={claim} money={money} />
      <SentFiles claim={claim} />
      {open && <AddDocuments claim={claim} onSent={onChange} />}
    </section>
  );
}

function Timeline({ claim, money }: { claim: ClaimDetail; money: (amount: number) => string }) {
  const { i18n } = useLingui();
  const texts = useClaimTexts();
  const marker = { done: 'bg-brand-700 text-white', current: 'bg-white text-brand-800 ring-4 ring-brand-700', upcoming: 'bg-white text-slate-500 ring-2 ring-slate-300' };
  return (
    <section aria-labelledby="timeline-title" className="rounded-2xl bg-white p-5 ring-1 ring-line sm:p-6">
      <h2 id="timeline-title" className="text-lg font-bold">
        {i18n._('cabinet.application.timeline')}
      </h2>
      <ol className="mt-4 space-y-4">
        {timelineSteps(claim).map((step, index) => (
          <li key={`${step.status}-${index}`} className="flex gap-3" data-step={step.status} data-state={step.state} {...(step.state === 'current' ? { 'aria-current': 'step' as const } : {})}>
            <span aria-hidden="true" className={`mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-bold ${marker[step.state]}`}>
              {step.state === 'done' ? '✓' : index + 1}
            </span>
            <div className="min-w-0">
              <p className={step.state === 'upcoming' ? 'text-ink-soft' : 'font-semibold'}>
                {step.status === 'decision' ? i18n._('cabinet.application.step.decision') : texts.status(step.status)}
                {step.state !== 'current' && <span className="sr-only">{` (${i18n._(`cabinet.application.step.${step.state}`)})`}</span>}
              </p>
              {step.entry && (
                <>
                  <p className="text-sm text-ink-soft">{shownDay(step.entry.at)}</p>
                  {step.entry.reason && <p className="mt-1 break-words text-sm">{i18n._('cabinet.application.step.reason', { reason: step.entry.reason })}</p>}
                  {step.entry.documents.length > 0 && (
                    <p className="mt-1 text-sm">{i18n._('cabinet.application.step.documents', { documents: step.entry.documents.map(texts.document).join(', ') })}</p>
                  )}
                  {step.entry.amount !== null && <p className="mt-1 text-sm">{i18n._('cabinet.application.step.amount', { amount: money(step.entry.amount) })}</p>}
                </>
              )}
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function SentFiles({ claim }: { claim: ClaimDetail }) {
  const { i18n } = useLingui();
  const texts = useClaimTexts();
  return (
    <section aria-labelledby="files-title" className="rounded-2xl bg-white p-5 ring-1 ring-line sm:p-6">
      <h2 id="files-title" className="text-lg font-bold">
        {i18n._('cabinet.application.files')}
      </h2>
      {claim.files.length === 0 ? (
        <p className="mt-3 text-ink-soft">{i18n._('cabinet.application.noFiles')}</p>
      ) : (
        <ul className="mt-3 divide-y divide-line">
          {claim.files.map((file) => (
            <li key={file.id} className="py-3">
              <a href={file.url} download={file.filename} className="break-all font-semibold text-brand-800 underline">
                {file.filename}
              </a>
              <p className="text-sm text-ink-soft">{[texts.document(file.kind), formatBytes(file.size), shownDay(file.created_at)].join(' · ')}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The document kinds of the claim's form, those the insurer needs first. */
function documentOrder(claim: ClaimDetail) {
  return [...claim.documents].sort((a, b) => Number(b.needed) - Number(a.needed));
}

function AddDocuments({ claim, onSent }: { claim: ClaimDetail; onSent: (claim: ClaimDetail) => void }) {
  const { i18n } = useLingui();
  const texts = useClaimTexts();
  const cabinet = useCabinetApi();
  const ended = useSessionEnded();
  const refusalText = useRefusalText();
  const [chosen, setChosen] = useState<Record<string, File[]>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const [round, setRound] = useState(0);
  // What is chosen as soon as its check ends, and the checks still running: a Send pressed while a
  // file is being checked waits for it instead of finding nothing chosen.
  const chosenNow = useRef<Record<string, File[]>>({});
  const checking = useRef(new Set<Promise<void>>());
  const choose = (kind: string, event: ChangeEvent<HTMLInputElement>) => {
    const check = checkChoice(kind, event.currentTarget);
    checking.current.add(check);
    void check.finally(() => checking.current.delete(check));
  };
  const checkChoice = async (kind: string, input: HTMLInputElement) => {
    const files = [...(input.files ?? [])];
    setSent(false);
    setFormError(null);
    let error: string | null = null;
    if (files.length > maxFilesPerKind) error = i18n._('cabinet.documents.tooMany', { count: maxFilesPerKind });
    for (const file of error ? [] : files) {
      // The check's code not loading (the connection dropped) keeps nothing, as a refused file.
      const problem = await fileProblem(file).catch(() => 'unavailable' as const);
      if (problem === 'unavailable') {
        error = i18n._('cabinet.error.unavailable');
        break;
      }
      if (problem) {
        error = `${file.name}: ${i18n._(`cabinet.file.problem.${problem}`)}`;
        break;
      }
    }
    // A refused choice is not kept: what the field shows is what would be sent.
    if (error) input.value = '';
    chosenNow.current = { ...chosenNow.current, [kind]: error ? [] : files };
    setChosen(chosenNow.current);
    setErrors(({ [kind]: _, ...rest }) => (error ? { ...rest, [kind]: error } : rest));
  };

  const send = async (event: FormEvent) => {
    event.preventDefault();
    await Promise.all(checking.current);
    const files = Object.entries(chosenNow.current).flatMap(([kind, list]) => list.map((file) => ({ kind, file })));
    if (files.length === 0) {
      setFormError(i18n._('cabinet.documents.none'));
      return;
    }
    setFormError(null);
    setProgress(0);
    try {
      const answer = await cabinet.addDocuments(claim.id, files, (done, total) => setProgress(total > 0 ? Math.min(1, done / total) : 0));
      chosenNow.current = {};
      setChosen({});
      setErrors({});
      setRound((n) => n + 1);
      setSent(true);
      onSent(answer);
    } catch (error) {
      const refusal = error instanceof CabinetRefusal ? error : new CabinetRefusal('unavailable', null);
      if (refusal.signedOut) {
        ended();
        return;
      }
      const kind = refusal.field?.replace(/^\//, '').split('/')[0] ?? '';
      const text = refusal.reason ? i18n._(`cabinet.file.problem.${refusal.reason}`) : refusal.key === 'invalid' ? i18n._('cabinet.documents.refused') : refusalText(refusal);
      if (claim.documents.some((document) => document.kind === kind)) setErrors((was) => ({ ...was, [kind]: text }));
      else setFormError(text);
    } finally {
      setProgress(null);
    }
  };

  const percent = progress === null ? 0 : Math.round(progress * 100);
  const types = Object.keys(fileKinds).filter((type) => claimFileRule.types.includes(type));
  return (
    <section aria-labelledby="add-documents-title" id="add-documents" className="rounded-2xl bg-white p-5 ring-1 ring-line sm:p-6">
      <h2 id="add-documents-title" className="text-lg font-bold">
        {i18n._('cabinet.documents.title')}
      </h2>
      <p id="documents-hint" className="mt-1 text-sm text-ink-soft">
        {i18n._('cabinet.documents.hint', { types: types.map((type) => fileKinds[type]).join(', '), size: formatBytes(claimFileRule.maxBytes), count: maxFilesPerKind })}
      </p>
      <form key={round} onSubmit={(event) => void send(event)} noValidate className="mt-4">
        <fieldset disabled={progress !== null} className="space-y-4">
          {documentOrder(claim).map((document) => (
            <DocumentField
              key={document.kind}
              document={document}
              title={texts.document(document.kind)}
              accept={types.join(',')}
              chosen={chosen[document.kind] ?? []}
              error={errors[document.kind] ?? null}
              onChange={(event) => choose(document.kind, event)}
            />
          ))}
          {progress !== null && (
            <div role="status">
              <p className="text-sm">{i18n._('cabinet.documents.sending', { percent })}</p>
              <progress max={100} value={percent} className="mt-1 w-full" aria-label={i18n._('cabinet.documents.sending', { percent })} />
            </div>
          )}
          {formError && (
            <p role="alert" className="text-sm font-medium text-red-800">
              {formError}
            </p>
          )}
          {sent && (
            <p role="status" className="font-semibold text-green-900">
              {i18n._('cabinet.documents.sent')}
            </p>
          )}
          <button type="submit" className="btn-primary">
            {i18n._('cabinet.documents.send')}
          </button>
        </fieldset>
      </form>
    </section>
  );
}

/**
 * A document kind's files: the site's own "choose" button in the page's language (a file input
 * draws its button and "no file" text in the browser's), named with the document, and what was
 * chosen. The input itself is hidden; the button opens it.
 */
function DocumentField({ document, title, accept, chosen, error, onChange }: {
  document: ClaimDetail['documents'][number];
  title: string;
  accept: string;
  chosen: readonly File[];
  error: string | null;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  const { i18n } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const id = `document-${document.kind}`;
  return (
    <div role="group" aria-labelledby={`${id}-title`} data-kind={document.kind}>
      <p id={`${id}-title`} className="font-semibold">
        {title}{' '}
        {document.needed && <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{i18n._('cabinet.documents.neededMark')}</span>}
      </p>
      {document.sent > 0 && <p className="text-sm text-ink-soft">{i18n._('cabinet.documents.sentCount', { count: document.sent })}</p>}
      <input ref={input} id={id} name={document.kind} type="file" multiple accept={accept} hidden tabIndex={-1} aria-hidden="true" onChange={onChange} />
      <div className="mt-1.5 flex flex-wrap items-center gap-3">
        <button
          type="button"
          id={`${id}-button`}
          className="btn-secondary"
          aria-labelledby={`${id}-button ${id}-title`}
          aria-describedby={[error ? `${id}-error` : '', `${id}-chosen`, 'documents-hint'].filter(Boolean).join(' ')}
          onClick={() => input.current?.click()}
        >
          {i18n._('cabinet.documents.choose')}
        </button>
        <p id={`${id}-chosen`} className="min-w-0 break-all text-sm text-ink-soft">
          {chosen.length > 0 ? chosen.map((file) => file.name).join(', ') : i18n._('cabinet.documents.nothingChosen')}
        </p>
      </div>
      <FieldError id={`${id}-error`} text={error} />
    </div>
  );
}
