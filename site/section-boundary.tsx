import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';

function SectionError({ onRetry }: { onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <div role="alert" className="mx-auto my-6 max-w-xl rounded-xl border border-red-200 bg-red-50 p-5 text-red-950">
      <p className="font-semibold">{i18n._('site.section.error')}</p>
      <button type="button" onClick={onRetry} className="btn-secondary mt-3">
        {i18n._('site.action.retry')}
      </button>
    </div>
  );
}

/**
 * One boundary per page section (docs/conventions.md "Errors"): a broken section shows a message and a retry,
 * the rest of the page keeps working.
 */
export class SectionBoundary extends Component<{ children: ReactNode; fallback?: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('section failed', error, info.componentStack);
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    return this.props.fallback ?? <SectionError onRetry={() => this.setState({ error: null })} />;
  }
}
