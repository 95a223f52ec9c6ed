import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

export type AppErrorBoundaryProps = { children?: ReactNode };

type State = { error: unknown; failed: boolean };

/** The last line of defence around the whole app; routes have their own boundary inside the router. */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}
