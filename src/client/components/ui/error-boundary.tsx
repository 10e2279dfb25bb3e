import { Component, type ReactNode } from 'react';
import { Button } from './button';

type Props = { children: ReactNode; /** Shown instead of the default message, e.g. null for optional parts. */ fallback?: ReactNode };

/**
 * Catches a screen or section that failed to load (usually a code chunk lost to a network blip or
 * a new deployment) and offers a reload instead of a blank page.
 */
export class ErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <div role="alert" className="mx-auto my-16 max-w-xl rounded-brutal border-2 border-ink bg-danger-soft p-6 text-center">
        <p className="font-semibold">Something went wrong while loading this part of the page.</p>
        <Button variant="secondary" className="mt-4" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </div>
    );
  }
}
