import { Component, type ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import { retryStepParts } from './step-parts';
import { secondaryButtonClass } from './ui';

function StepFailed({ onRetry }: { onRetry: () => void }) {
  const { i18n } = useLingui();
  return (
    <div role="alert" className="space-y-3 rounded-lg bg-red-50 p-4 text-red-800">
      <p>{i18n._('engine.step.failed')}</p>
      <button type="button" className={secondaryButtonClass} onClick={onRetry}>
        {i18n._('engine.retry')}
      </button>
    </div>
  );
}

/**
 * The current step behind an error boundary of its own: a step that cannot be drawn (its widgets or
 * validator failed to load, gone with a deployment or lost by the network) says so with a retry
 * that loads them anew, while the stepper and the price stay. The error also reaches the page's
 * root, where the site's chunk guard reloads the page (once in a while) for a chunk that failed.
 */
export class StepBoundary extends Component<{ step: object; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private readonly retry = () => {
    retryStepParts(this.props.step);
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? <StepFailed onRetry={this.retry} /> : this.props.children;
  }
}
