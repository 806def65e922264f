import { Component, type ErrorInfo, type ReactNode } from 'react';
import { CrashPage } from './CrashPage';

/** The outermost boundary (around the session, brand and gates): a failure there leaves only the crash page. */
export class CrashBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Unhandled error in the app', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <CrashPage /> : this.props.children;
  }
}
