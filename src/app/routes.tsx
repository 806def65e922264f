import { Redirect, Route, Switch } from 'wouter';
import { AccountPage } from '../features/auth/pages/AccountPage';
import { SignInPage } from '../features/auth/pages/SignInPage';
import { GuestOnly, RequireSession } from './guards';
import { AuthLayout } from './layouts/AuthLayout';
import { SimpleLayout } from './layouts/SimpleLayout';
import { NotFoundPage } from './NotFoundPage';
import { DASHBOARD_PATH, HOME_PATH, SIGN_IN_PATH } from './paths';

/** The route table: every path the app answers, in one place. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to={SIGN_IN_PATH} replace />
      </Route>
      <Route path={SIGN_IN_PATH}>
        <GuestOnly>
          <AuthLayout>
            <SignInPage />
          </AuthLayout>
        </GuestOnly>
      </Route>
      <Route path={HOME_PATH}>
        <RequireSession>
          {(session) => (
            <SimpleLayout>
              <AccountPage user={session.user} />
            </SimpleLayout>
          )}
        </RequireSession>
      </Route>
      <Route path={DASHBOARD_PATH}>
        <RequireSession>{() => <Redirect to={HOME_PATH} replace />}</RequireSession>
      </Route>
      <Route path="/error/404">
        <NotFoundPage />
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
