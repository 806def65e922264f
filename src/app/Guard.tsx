import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import type { GuardDecision } from './guards';
import { LoadingScreen } from './LoadingScreen';
import { ForbiddenPage } from './errors/ForbiddenPage';
import { SimpleLayout } from './layouts/SimpleLayout';

/** Shows what a guard decided: the loading screen, a redirect, the permission-denied page, or the route's content. */
export function Guard({ decision, children }: { decision: GuardDecision; children: ReactNode }) {
  switch (decision.kind) {
    case 'wait':
      return <LoadingScreen />;
    case 'redirect':
      // '~' makes the target absolute inside nested routes (the admin and dispatcher areas).
      return <Redirect to={`~${decision.to}`} replace />;
    case 'forbidden':
      return (
        <SimpleLayout>
          <ForbiddenPage />
        </SimpleLayout>
      );
    case 'render':
      return children;
  }
}
