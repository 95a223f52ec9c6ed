import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './error-fallback';

export type AppErrorBoundaryProps = {
  children?: ReactNode;
  /** A new value clears a caught error, so that the children render again (a route's boundary: the location). */
  resetKey?: unknown;
};

type State = { error: unknown; failed: boolean; resetKey: unknown };

/** The last line of defence around the whole app; routes have their own (RouteErrorBoundary) inside the router. */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, State> {
  override state: State = { error: null, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: AppErrorBoundaryProps, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey
      ? null
      : { error: null, failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}
