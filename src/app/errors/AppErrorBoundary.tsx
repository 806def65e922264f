import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useLocation, useRouter } from 'wouter';
import { isChunkLoadError, retryFailedLazyComponents } from '../lazy';
import { useApplySettings } from '../settings/use-apply-settings';
import { ChunkLoadErrorScreen } from './ChunkLoadErrorScreen';

interface BoundaryProps {
  children: ReactNode;
  /** The current path: navigating elsewhere clears the error. */
  location: string;
}

interface BoundaryState {
  error: unknown;
  hasError: boolean;
  location: string;
}

/** Errors thrown while rendering a route (a lazy page that did not load, a bug) end here instead of blanking the app. */
class ErrorBoundaryWithLocation extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, hasError: false, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, hasError: true };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.location === state.location) return null;
    if (state.hasError) retryFailedLazyComponents();
    return { location: props.location, hasError: false, error: null };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A page failed to render', error, info.componentStack);
  }

  private readonly tryAgain = () => {
    retryFailedLazyComponents();
    this.setState({ hasError: false, error: null });
  };

  override render(): ReactNode {
    if (!this.state.hasError) return this.props.children;
    return <ChunkLoadErrorScreen chunkError={isChunkLoadError(this.state.error)} onTryAgain={this.tryAgain} />;
  }
}

/** The top-level boundary around the routes: chunk-load failures and any other render error show the error screen. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  // The top of the app's screens, the error screen included: light or dark mode is applied from here.
  useApplySettings();
  const [location] = useLocation();
  const { base } = useRouter();
  return <ErrorBoundaryWithLocation location={base + location}>{children}</ErrorBoundaryWithLocation>;
}
