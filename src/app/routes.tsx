import { Suspense, type ReactNode } from 'react';
import { Route, Switch, useParams } from 'wouter';
import { fetchTenantBrand } from '../features/brand/api';
import { writeCachedBrand } from '../features/brand/cache';
import { brandTheme } from '../features/brand/theme';
import { readAuthRedirect } from '../features/auth/schema';
import {
  BLANK_PATH,
  BUSINESSES_PATH,
  DASHBOARD_PATH,
  RESET_PASSWORD_PATH,
  ROOT_PATH,
  SIGN_IN_PATH,
  TRACKING_PATH,
  UPDATE_PASSWORD_PATH,
  VERIFY_PATH,
  type PanelType,
} from '../lib/paths';
import type { ScreenAudience } from '../lib/screens';
import { useSession } from '../lib/session';
import { ForbiddenPage } from './errors/ForbiddenPage';
import { ServerErrorPage } from './errors/ServerErrorPage';
import { Guard } from './Guard';
import { useFloorStanding } from './floor-standing';
import { dashboardRoot, guestOnly, isReservedSegment, panelArea, rootPath, screenAudience, verifyLink } from './guards';
import { AuthLayout } from './layouts/AuthLayout';
import { AuthSplitLayout } from './layouts/AuthSplitLayout';
import { MainLayout } from './layouts/MainLayout';
import { SimpleLayout } from './layouts/SimpleLayout';
import { lazyWithRetry } from './lazy';
import { LoadingScreen } from './LoadingScreen';
import { PANEL_LAYOUTS, PANEL_ROUTES } from './panels';
import { NotFoundPage } from './errors/NotFoundPage';

const SignInPage = lazyWithRetry(async () => ({ default: (await import('../features/auth/pages/SignInPage')).SignInPage }));
const SignUpPage = lazyWithRetry(async () => ({ default: (await import('../features/auth/pages/SignUpPage')).SignUpPage }));
const VerifyPage = lazyWithRetry(async () => ({ default: (await import('../features/auth/pages/VerifyPage')).VerifyPage }));
const ResetPasswordPage = lazyWithRetry(async () => ({ default: (await import('../features/auth/pages/ResetPasswordPage')).ResetPasswordPage }));
const UpdatePasswordPage = lazyWithRetry(async () => ({ default: (await import('../features/auth/pages/UpdatePasswordPage')).UpdatePasswordPage }));
const BusinessPickerPage = lazyWithRetry(async () => ({ default: (await import('../features/tenants/pages/BusinessPickerPage')).BusinessPickerPage }));
const TrackingPage = lazyWithRetry(async () => ({ default: (await import('../features/tracking/pages/TrackingPage')).TrackingPage }));
/** A business card loads the tenant's brand first (into the brand cache the sign-up page paints from). */
async function loadTenantBrand(slug: string): Promise<void> {
  const record = await fetchTenantBrand(slug);
  if (record) writeCachedBrand(record);
}

/** The tracking page paints the delivery's business in its own brand (colours and logo), as the brand feature reads them. */
function trackingBrand(business: { colors?: unknown; logo_url?: unknown }) {
  const logo = business.logo_url && typeof business.logo_url === 'object' ? (business.logo_url as { light?: string; dark?: string }) : null;
  const theme = brandTheme({ colors: business.colors }, logo);
  return { variables: { ...theme.variables }, logo: theme.logo };
}

/** A lazy page: the loading screen until its code has arrived. */
function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;
}

/** A lazy page of the sign-in family, in the centred auth layout. */
function AuthPage({ children }: { children: ReactNode }) {
  return (
    <AuthLayout>
      <Page>{children}</Page>
    </AuthLayout>
  );
}

function RootRoute() {
  return <Guard decision={rootPath(useSession())}>{null}</Guard>;
}

function GuestOnly({ children }: { children: ReactNode }) {
  return <Guard decision={guestOnly(useSession())}>{children}</Guard>;
}

function VerifyRoute() {
  // Read once: supabase-js removes a session fragment from the URL, never an error.
  const result = readAuthRedirect(window.location.hash, window.location.search);
  const hasProblem = result.error !== null;
  return (
    <Guard decision={verifyLink(useSession(), hasProblem)}>
      <AuthPage>
        <VerifyPage result={result} />
      </AuthPage>
    </Guard>
  );
}

function DashboardRoute({ slug }: { slug: string | null }) {
  return <Guard decision={dashboardRoot(useSession(), slug)}>{null}</Guard>;
}

function PanelGuard({ panel, children }: { panel: PanelType; children: ReactNode }) {
  const { slug = '' } = useParams<{ slug: string }>();
  return <Guard decision={panelArea(useSession(), slug, panel)}>{children}</Guard>;
}

/**
 * A screen of the dispatcher panel for this person (guards.ts: screenAudience): a warehouse-only
 * person opening a board screen gets the not-allowed page inside the panel's shell, whose nav leads
 * to their section.
 */
function AudienceGuard({ audience, children }: { audience: ScreenAudience | undefined; children: ReactNode }) {
  const decision = screenAudience(useSession().user, audience, useFloorStanding());
  if (decision.kind === 'wait') return <LoadingScreen />;
  if (decision.kind === 'forbidden') return <ForbiddenPage />;
  return children;
}

/** /{slug}/...: the app's own first segments are not tenants, so what follows them does not exist. */
function TenantRoute({ children }: { children: ReactNode }) {
  const { slug = '' } = useParams<{ slug: string }>();
  return isReservedSegment(slug) ? <NotFoundPage /> : children;
}

/** A tenant's dashboard, at /{slug} and at /{slug}/dashboard. */
function TenantDashboardRoute({ slug }: { slug: string }) {
  return (
    <TenantRoute>
      <DashboardRoute slug={slug} />
    </TenantRoute>
  );
}

function SignUpRoute() {
  const { slug = '' } = useParams<{ slug: string }>();
  return (
    <GuestOnly>
      <AuthSplitLayout>
        <Page>
          <SignUpPage tenantSlug={slug} />
        </Page>
      </AuthSplitLayout>
    </GuestOnly>
  );
}

/**
 * A panel with pages under it, /{slug}/{panel}/...: its screens (src/app/panels.tsx), each in the
 * panel's layout, behind the panel's guard; a path no screen matches is not found.
 */
function PanelArea({ panel }: { panel: 'admin' | 'dispatcher' }) {
  const Layout = PANEL_LAYOUTS[panel];
  return (
    <PanelGuard panel={panel}>
      <Switch>
        {PANEL_ROUTES[panel].map(({ pattern, Page: ScreenPage, props, audience }) => (
          // Switch renders only the match: one key keeps the layout mounted from one page to the next, the page's own key starts each screen afresh.
          <Route key="screen" path={pattern}>
            <Layout>
              <Page>
                <AudienceGuard audience={audience}>
                  <ScreenPage key={pattern} {...props} />
                </AudienceGuard>
              </Page>
            </Layout>
          </Route>
        ))}
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </PanelGuard>
  );
}

/** A panel of one screen at its own path (the driver's, the customer's): nothing is nested under it. */
function singleScreenRoutes(panel: 'driver' | 'customer') {
  const Layout = PANEL_LAYOUTS[panel];
  return PANEL_ROUTES[panel].map(({ pattern, Page: ScreenPage, props }) => (
    <Route key={pattern} path={`/:slug/${panel}${pattern === '/' ? '' : pattern}`}>
      <TenantRoute>
        <PanelGuard panel={panel}>
          <Layout>
            <Page>
              <ScreenPage {...props} />
            </Page>
          </Layout>
        </PanelGuard>
      </TenantRoute>
    </Route>
  ));
}

/** The route table: every path the app answers, in one place. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path={ROOT_PATH}>
        <RootRoute />
      </Route>
      <Route path={SIGN_IN_PATH}>
        <GuestOnly>
          <AuthPage>
            <SignInPage />
          </AuthPage>
        </GuestOnly>
      </Route>
      <Route path={VERIFY_PATH}>
        <VerifyRoute />
      </Route>
      <Route path={RESET_PASSWORD_PATH}>
        <AuthPage>
          <ResetPasswordPage />
        </AuthPage>
      </Route>
      <Route path={UPDATE_PASSWORD_PATH}>
        <AuthPage>
          <UpdatePasswordPage />
        </AuthPage>
      </Route>
      <Route path={BUSINESSES_PATH}>
        <MainLayout>
          <Page>
            <BusinessPickerPage loadBrand={loadTenantBrand} />
          </Page>
        </MainLayout>
      </Route>
      {/* Public: no session needed, outside tenant verification. */}
      <Route path={TRACKING_PATH}>
        <Page>
          <TrackingPage brand={trackingBrand} />
        </Page>
      </Route>
      <Route path={BLANK_PATH}>
        <MainLayout>{null}</MainLayout>
      </Route>
      <Route path="/error/500">
        <SimpleLayout>
          <ServerErrorPage />
        </SimpleLayout>
      </Route>
      <Route path="/error/404">
        <NotFoundPage />
      </Route>
      <Route path="/error/403">
        <SimpleLayout>
          <ForbiddenPage />
        </SimpleLayout>
      </Route>
      <Route path={DASHBOARD_PATH}>
        <DashboardRoute slug={null} />
      </Route>
      <Route path="/:slug/sign-up">
        <TenantRoute>
          <SignUpRoute />
        </TenantRoute>
      </Route>
      <Route path="/:slug">{({ slug }) => <TenantDashboardRoute slug={slug} />}</Route>
      <Route path="/:slug/dashboard">{({ slug }) => <TenantDashboardRoute slug={slug} />}</Route>
      <Route path="/:slug/admin" nest>
        <TenantRoute>
          <PanelArea panel="admin" />
        </TenantRoute>
      </Route>
      <Route path="/:slug/dispatcher" nest>
        <TenantRoute>
          <PanelArea panel="dispatcher" />
        </TenantRoute>
      </Route>
      {singleScreenRoutes('driver')}
      {singleScreenRoutes('customer')}
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
