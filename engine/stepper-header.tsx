import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { StepDefinition } from './definition';
import type { StepsProgress } from './machine';

/**
 * The purchase steps above the flow, each done, current or to come; on narrow screens the list
 * scrolls sideways.
 */
export function StepperHeader({ steps, progress, current, compact }: { steps: StepDefinition[]; progress: StepsProgress; current: string | null; compact: boolean }) {
  const { i18n } = useLingui();
  // A step the flow went past without it being done was skipped by a rule (a company car for any
  // driver has no drivers step): not shown as one still to do.
  const reached = steps.findIndex((s) => s.id === current);
  const visible = steps.filter((s, i) => !s.hidden && !(i < reached && !progress[s.id]?.completed));
  const list = useRef<HTMLOListElement>(null);
  // Until measured (and in the server's HTML, before any script runs) the list may scroll, so it takes focus.
  const [scrolls, setScrolls] = useState(true);
  // On narrow screens the header scrolls sideways; keep the current step in view (without moving the
  // page), with the step just done whole before it when both fit: centred, the current step left the
  // one before it cut in half at the screen's edge.
  useEffect(() => {
    const ol = list.current;
    const item = ol?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!ol || !item || ol.scrollWidth <= ol.clientWidth) return;
    ol.scrollLeft = stepperScroll(ol, item);
  }, [current]);
  // A list that scrolls sideways takes keyboard focus, so arrow keys can scroll it too (WCAG 2.1.1).
  useEffect(() => {
    const ol = list.current;
    if (!ol) return;
    const measure = () => setScrolls(ol.scrollWidth > ol.clientWidth);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [current, visible.length]);
  return (
    <nav aria-label={i18n._('engine.stepper.label')} className="min-w-0 max-w-full">
      <ol
        ref={list}
        tabIndex={scrolls ? 0 : undefined}
        className={`relative flex overflow-x-auto rounded-lg pb-1 [scrollbar-width:thin] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 ${compact ? 'gap-1' : 'gap-2'}`}
      >
        {visible.map((s, i) => {
          const status = s.id === current ? 'current' : progress[s.id]?.completed ? 'done' : 'upcoming';
          return (
            <li
              key={s.id}
              aria-current={status === 'current' ? 'step' : undefined}
              data-status={status}
              className={`flex shrink-0 items-center gap-2 whitespace-nowrap rounded-full px-3 py-1 text-sm ${
                status === 'current' ? 'bg-sky-700 text-white' : status === 'done' ? 'bg-sky-100 text-sky-900' : 'bg-slate-100 text-slate-600'
              }`}
            >
              <span className="font-semibold" aria-label={i18n._('engine.step.number', { n: i + 1 })}>
                {status === 'done' ? '✓' : i + 1}
              </span>
              <span className={compact && status !== 'current' ? 'sr-only' : undefined}>{i18n._(s.title)}</span>
              <span className="sr-only">({i18n._(`engine.step.${status}`)})</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * Where a stepper list that scrolls sideways starts so that `current` is whole in view, the view
 * begins with a whole step (none cut in half at the left edge), and the step before the current one
 * is in view too when both fit.
 */
function stepperScroll(list: HTMLElement, current: HTMLElement): number {
  const end = list.scrollWidth - list.clientWidth;
  const showsCurrent = (start: number) => start <= current.offsetLeft && current.offsetLeft + current.offsetWidth <= start + list.clientWidth;
  const items = [...list.children].filter((child) => child instanceof HTMLElement);
  const starts = items.slice(0, items.indexOf(current) + 1).map((item) => item.offsetLeft).filter((start) => start <= end && showsCurrent(start));
  const before = current.previousElementSibling instanceof HTMLElement ? current.previousElementSibling.offsetLeft : null;
  if (before !== null && starts.includes(before)) return before;
  return starts.at(-1) ?? Math.min(current.offsetLeft, end);
}
