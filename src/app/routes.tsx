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
import { boardDeliveryPath, DISPATCHER_SECTIONS } from '../lib/dispatcher-sections';
import { useSession } from '../lib/session';
import { sectionDeliveryPaths } from '../features/deliveries/paths';
import { ForbiddenPage } from './errors/ForbiddenPage';
import { ServerErrorPage } from './errors/ServerErrorPage';
import { Guard } from './Guard';
import { dashboardRoot, guestOnly, isReservedSegment, panelArea, rootPath, verifyLink } from './guards';
import { AdminLayout } from './layouts/AdminLayout';
import { AuthLayout } from './layouts/AuthLayout';
import { AuthSplitLayout } from './layouts/AuthSplitLayout';
import { DispatcherLayout } from './layouts/DispatcherLayout';
import { DriverLayout } from './layouts/DriverLayout';
import { MainLayout } from './layouts/MainLayout';
import { SimpleLayout } from './layouts/SimpleLayout';
import { lazyWithRetry } from './lazy';
import { LoadingScreen } from './LoadingScreen';
import { NotFoundPage } from './errors/NotFoundPage';

const SignInPage = lazyWithRetry(async () => ({ default: (await import('../features/auth/pages/SignInPage')).SignInPage }));
const SignUpPage = lazyWithRetry(async () => ({ default: (await import('../features/auth/pages/SignUpPage')).SignUpPage }));
const VerifyPage = lazyWithRetry(async () => ({ default: (await import('../features/auth/pages/VerifyPage')).VerifyPage }));
const ResetPasswordPage = lazyWithRetry(async () => ({ default: (await import('../features/auth/pages/ResetPasswordPage')).ResetPasswordPage }));
const UpdatePasswordPage = lazyWithRetry(async () => ({ default: (await import('../features/auth/pages/UpdatePasswordPage')).UpdatePasswordPage }));
const BusinessPickerPage = lazyWithRetry(async () => ({ default: (await import('../features/tenants/pages/BusinessPickerPage')).BusinessPickerPage }));
const TrackingPage = lazyWithRetry(async () => ({ default: (await import('../features/tracking/pages/TrackingPage')).TrackingPage }));
const AdminDashboardPage = lazyWithRetry(() => import('../features/dashboards/pages/AdminDashboardPage'));
const DispatcherDashboardPage = lazyWithRetry(() => import('../features/dashboards/pages/DispatcherDashboardPage'));
const DispatchBoardPage = lazyWithRetry(() => import('../features/dispatch-board/pages/DispatchBoardPage'));
const RemitPage = lazyWithRetry(() => import('../features/remit/pages/RemitPage'));
const SupportPage = lazyWithRetry(() => import('../features/dispatcher/pages/SupportPage'));
const DispatcherSettingsPage = lazyWithRetry(() => import('../features/dispatcher/pages/DispatcherSettingsPage'));
const DispatcherInfoPage = lazyWithRetry(() => import('../features/dispatcher/pages/InfoPage'));
const OwnProfilePage = lazyWithRetry(() => import('../features/users/pages/OwnProfilePage'));
const DriverDashboardPage = lazyWithRetry(() => import('../features/dashboards/pages/DriverDashboardPage'));
const DriverAppPage = lazyWithRetry(() => import('../features/driver-app/pages/DriverAppPage'));
const DeliveryChatButton = lazyWithRetry(async () => ({ default: (await import('../features/chat/DeliveryChatButton')).DeliveryChatButton }));

/** Chat with dispatch about one of the driver's tasks (the driver app's task cards). */
function driverTaskChat(task: { id: string; delivery_code: string }) {
  return (
    <Suspense fallback={null}>
      <DeliveryChatButton deliveryId={task.id} deliveryCode={task.delivery_code} />
    </Suspense>
  );
}

/** Chat with the driver of a delivery, on its detail page (admins and the dispatcher's sections) and in the board's side panel: once it has one. */
function deliveryChat(delivery: { id: string; delivery_code: string; driver_id: string | null }) {
  return delivery.driver_id ? driverTaskChat(delivery) : null;
}
const CustomerDashboardPage = lazyWithRetry(() => import('../features/dashboards/pages/CustomerDashboardPage'));
const CustomerDeliveries = lazyWithRetry(() => import('../features/customer-dashboard/components/CustomerDeliveries'));
const ConversationSheet = lazyWithRetry(async () => ({ default: (await import('../features/chat/ConversationSheet')).ConversationSheet }));

/** A customer's 'Message us' on each delivery card: chat's order conversation with dispatch. */
function customerDeliveryChat(delivery: { id: string; delivery_code: string }) {
  return (
    <Suspense fallback={null}>
      <DeliveryChatButton deliveryId={delivery.id} deliveryCode={delivery.delivery_code} kind="order" label="Message us" />
    </Suspense>
  );
}

/** The support queue's customer conversations open in chat's sheet. */
function supportConversationSheet(props: { conversationId: string | null; title: string; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <ConversationSheet {...props} />
    </Suspense>
  );
}
const VehiclesListPage = lazyWithRetry(async () => ({ default: (await import('../features/vehicles/pages/VehiclesListPage')).VehiclesListPage }));
const VehicleCreatePage = lazyWithRetry(async () => ({ default: (await import('../features/vehicles/pages/VehicleFormPage')).VehicleCreatePage }));
const VehicleEditPage = lazyWithRetry(async () => ({ default: (await import('../features/vehicles/pages/VehicleFormPage')).VehicleEditPage }));
const DriversListPage = lazyWithRetry(async () => ({ default: (await import('../features/drivers/pages/DriversListPage')).DriversListPage }));
const DriverCreatePage = lazyWithRetry(async () => ({ default: (await import('../features/drivers/pages/DriverFormPage')).DriverCreatePage }));
const DriverEditPage = lazyWithRetry(async () => ({ default: (await import('../features/drivers/pages/DriverFormPage')).DriverEditPage }));
const ZonesListPage = lazyWithRetry(async () => ({ default: (await import('../features/zones/pages/ZonesListPage')).ZonesListPage }));
const ZoneCreatePage = lazyWithRetry(async () => ({ default: (await import('../features/zones/pages/ZoneFormPage')).ZoneCreatePage }));
const ZoneEditPage = lazyWithRetry(async () => ({ default: (await import('../features/zones/pages/ZoneFormPage')).ZoneEditPage }));
const DeliveryServicesListPage = lazyWithRetry(async () => ({ default: (await import('../features/delivery-services/pages/DeliveryServicesListPage')).DeliveryServicesListPage }));
const DeliveryServiceCreatePage = lazyWithRetry(async () => ({ default: (await import('../features/delivery-services/pages/DeliveryServiceFormPage')).DeliveryServiceCreatePage }));
const DeliveryServiceEditPage = lazyWithRetry(async () => ({ default: (await import('../features/delivery-services/pages/DeliveryServiceFormPage')).DeliveryServiceEditPage }));
const ZonePricingListPage = lazyWithRetry(async () => ({ default: (await import('../features/pricing/pages/ZonePricingListPage')).ZonePricingListPage }));
const ZonePricingCreatePage = lazyWithRetry(async () => ({ default: (await import('../features/pricing/pages/ZonePricingFormPage')).ZonePricingCreatePage }));
const ZonePricingEditPage = lazyWithRetry(async () => ({ default: (await import('../features/pricing/pages/ZonePricingFormPage')).ZonePricingEditPage }));
const AssignmentsListPage = lazyWithRetry(async () => ({ default: (await import('../features/assignments/pages/AssignmentsListPage')).AssignmentsListPage }));
const AssignmentCreatePage = lazyWithRetry(async () => ({ default: (await import('../features/assignments/pages/AssignmentFormPage')).AssignmentCreatePage }));
const AssignmentEditPage = lazyWithRetry(async () => ({ default: (await import('../features/assignments/pages/AssignmentFormPage')).AssignmentEditPage }));
const DriverPerformancePage = lazyWithRetry(async () => ({ default: (await import('../features/driver-performance/pages/DriverPerformancePage')).DriverPerformancePage }));
const CustomerPreferencesListPage = lazyWithRetry(async () => ({ default: (await import('../features/customer-preferences/pages/CustomerPreferencesListPage')).CustomerPreferencesListPage }));
const CustomerPreferenceCreatePage = lazyWithRetry(async () => ({ default: (await import('../features/customer-preferences/pages/CustomerPreferenceFormPage')).CustomerPreferenceCreatePage }));
const CustomerPreferenceEditPage = lazyWithRetry(async () => ({ default: (await import('../features/customer-preferences/pages/CustomerPreferenceFormPage')).CustomerPreferenceEditPage }));
const ReturnRequestsListPage = lazyWithRetry(async () => ({ default: (await import('../features/return-requests/pages/ReturnRequestsListPage')).ReturnRequestsListPage }));
const ReturnRequestCreatePage = lazyWithRetry(async () => ({ default: (await import('../features/return-requests/pages/ReturnRequestFormPage')).ReturnRequestCreatePage }));
const ReturnRequestEditPage = lazyWithRetry(async () => ({ default: (await import('../features/return-requests/pages/ReturnRequestFormPage')).ReturnRequestEditPage }));
const ExceptionsListPage = lazyWithRetry(async () => ({ default: (await import('../features/exceptions/pages/ExceptionsListPage')).ExceptionsListPage }));
const ExceptionCreatePage = lazyWithRetry(async () => ({ default: (await import('../features/exceptions/pages/ExceptionFormPage')).ExceptionCreatePage }));
const ExceptionEditPage = lazyWithRetry(async () => ({ default: (await import('../features/exceptions/pages/ExceptionFormPage')).ExceptionEditPage }));
const DeliveriesListPage = lazyWithRetry(async () => ({ default: (await import('../features/deliveries/pages/DeliveriesListPage')).DeliveriesListPage }));
const DeliveryCreatePage = lazyWithRetry(async () => ({ default: (await import('../features/deliveries/pages/DeliveryFormPage')).DeliveryCreatePage }));
const DeliveryEditPage = lazyWithRetry(async () => ({ default: (await import('../features/deliveries/pages/DeliveryFormPage')).DeliveryEditPage }));
const DeliveryDetailPage = lazyWithRetry(async () => ({ default: (await import('../features/deliveries/pages/DeliveryDetailPage')).DeliveryDetailPage }));
const AddressDialog = lazyWithRetry(async () => ({ default: (await import('../features/addresses/components/AddressDialog')).AddressDialog }));

/** The delivery form's 'New address': the addresses feature's dialog, for the customer's book or the business's own. */
function deliveryAddressDialog({ open, onClose, tenantId, userId, onSaved }: { open: boolean; onClose: () => void; tenantId: string; userId: string | null; onSaved: (address: { id: string }) => void }) {
  return (
    open && (
      <Suspense fallback={null}>
        <AddressDialog open={open} onClose={onClose} owner={{ tenantId, userId }} address={null} onSaved={(address) => onSaved({ id: address.id })} />
      </Suspense>
    )
  );
}
const SystemSettingsPage = lazyWithRetry(async () => ({ default: (await import('../features/settings/pages/SystemSettingsPage')).SystemSettingsPage }));
const BrandSettingsPage = lazyWithRetry(async () => ({ default: (await import('../features/brand/pages/BrandSettingsPage')).BrandSettingsPage }));
const WarehousesListPage = lazyWithRetry(async () => ({ default: (await import('../features/warehouses/pages/WarehousesListPage')).WarehousesListPage }));
const WarehouseCreatePage = lazyWithRetry(async () => ({ default: (await import('../features/warehouses/pages/WarehouseFormPage')).WarehouseCreatePage }));
const WarehouseEditPage = lazyWithRetry(async () => ({ default: (await import('../features/warehouses/pages/WarehouseFormPage')).WarehouseEditPage }));
const WarehouseDetailPage = lazyWithRetry(async () => ({ default: (await import('../features/warehouses/pages/WarehouseDetailPage')).WarehouseDetailPage }));
const LocationsListPage = lazyWithRetry(async () => ({ default: (await import('../features/warehouses/pages/LocationsListPage')).LocationsListPage }));
const LocationCreatePage = lazyWithRetry(async () => ({ default: (await import('../features/warehouses/pages/LocationFormPage')).LocationCreatePage }));
const LocationEditPage = lazyWithRetry(async () => ({ default: (await import('../features/warehouses/pages/LocationFormPage')).LocationEditPage }));
const ActivityPage = lazyWithRetry(async () => ({ default: (await import('../features/activity/pages/ActivityPage')).ActivityPage }));
const StaffListPage = lazyWithRetry(async () => ({ default: (await import('../features/warehouses/pages/StaffListPage')).StaffListPage }));
const StaffCreatePage = lazyWithRetry(async () => ({ default: (await import('../features/warehouses/pages/StaffFormPage')).StaffCreatePage }));
const StaffEditPage = lazyWithRetry(async () => ({ default: (await import('../features/warehouses/pages/StaffFormPage')).StaffEditPage }));
const SuppliersListPage = lazyWithRetry(async () => ({ default: (await import('../features/warehouses/pages/SuppliersListPage')).SuppliersListPage }));
const SupplierCreatePage = lazyWithRetry(async () => ({ default: (await import('../features/warehouses/pages/SupplierFormPage')).SupplierCreatePage }));
const SupplierEditPage = lazyWithRetry(async () => ({ default: (await import('../features/warehouses/pages/SupplierFormPage')).SupplierEditPage }));
const RecordHistory = lazyWithRetry(async () => ({ default: (await import('../features/activity/components/RecordHistory')).RecordHistory }));
const UsersListPage = lazyWithRetry(async () => ({ default: (await import('../features/users/pages/UsersListPage')).UsersListPage }));
const UserDetailPage = lazyWithRetry(async () => ({ default: (await import('../features/users/pages/UserDetailPage')).UserDetailPage }));
const UserAddressTab = lazyWithRetry(async () => ({ default: (await import('../features/addresses/components/UserAddressTab')).UserAddressTab }));
const DefaultAddressCard = lazyWithRetry(async () => ({ default: (await import('../features/addresses/components/DefaultAddressCard')).DefaultAddressCard }));

/** The user detail's parts that other features own: the person's addresses and their profile's history. */
const userDetailSlots = {
  defaultAddressCard: (user: { id: string; tenant_id: string }) => (
    <Suspense fallback={null}>
      <DefaultAddressCard userId={user.id} tenantId={user.tenant_id} />
    </Suspense>
  ),
  addressTab: (user: { id: string; tenant_id: string }) => (
    <Suspense fallback={null}>
      <UserAddressTab userId={user.id} tenantId={user.tenant_id} />
    </Suspense>
  ),
  history: (user: { id: string }) => recordHistory('profiles')(user.id),
};

/** A record's audit history, composed into the record's page (its code loads with it). */
function recordHistory(tableName: string) {
  return (rowId: string) => (
    <Suspense fallback={null}>
      <RecordHistory tableName={tableName} rowId={rowId} />
    </Suspense>
  );
}

/** Spec 2: a business card loads the tenant's brand first (into the brand cache the sign-up page paints from). */
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

/** A lazy page of the admin panel, in its layout (the layout stays mounted from one admin page to the next). */
function AdminPage({ children }: { children: ReactNode }) {
  return (
    <AdminLayout>
      <Page>{children}</Page>
    </AdminLayout>
  );
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

/** /{slug}/...: the app's own first segments are not tenants, so what follows them does not exist. */
function TenantRoute({ children }: { children: ReactNode }) {
  const { slug = '' } = useParams<{ slug: string }>();
  return isReservedSegment(slug) ? <NotFoundPage /> : children;
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

/** The admin area; later issues add its sections under the same guard and layout. */
function AdminArea() {
  return (
    <PanelGuard panel="admin">
      <Switch>
        <Route path="/">
          <AdminPage>
            <AdminDashboardPage />
          </AdminPage>
        </Route>
        <Route path="/vehicles">
          <AdminPage>
            <VehiclesListPage />
          </AdminPage>
        </Route>
        <Route path="/vehicles/create">
          <AdminPage>
            <VehicleCreatePage />
          </AdminPage>
        </Route>
        <Route path="/vehicles/:id/edit">
          <AdminPage>
            <VehicleEditPage history={recordHistory('vehicles')} />
          </AdminPage>
        </Route>
        <Route path="/drivers">
          <AdminPage>
            <DriversListPage />
          </AdminPage>
        </Route>
        <Route path="/drivers/create">
          <AdminPage>
            <DriverCreatePage />
          </AdminPage>
        </Route>
        <Route path="/drivers/:id/edit">
          <AdminPage>
            <DriverEditPage history={recordHistory('drivers')} />
          </AdminPage>
        </Route>
        <Route path="/zones">
          <AdminPage>
            <ZonesListPage />
          </AdminPage>
        </Route>
        <Route path="/zones/create">
          <AdminPage>
            <ZoneCreatePage />
          </AdminPage>
        </Route>
        <Route path="/zones/:id/edit">
          <AdminPage>
            <ZoneEditPage />
          </AdminPage>
        </Route>
        <Route path="/delivery-services">
          <AdminPage>
            <DeliveryServicesListPage />
          </AdminPage>
        </Route>
        <Route path="/delivery-services/create">
          <AdminPage>
            <DeliveryServiceCreatePage />
          </AdminPage>
        </Route>
        <Route path="/delivery-services/:id/edit">
          <AdminPage>
            <DeliveryServiceEditPage />
          </AdminPage>
        </Route>
        <Route path="/zone-pricing">
          <AdminPage>
            <ZonePricingListPage />
          </AdminPage>
        </Route>
        <Route path="/zone-pricing/create">
          <AdminPage>
            <ZonePricingCreatePage />
          </AdminPage>
        </Route>
        <Route path="/zone-pricing/edit/:id">
          <AdminPage>
            <ZonePricingEditPage />
          </AdminPage>
        </Route>
        <Route path="/customer-preference">
          <AdminPage>
            <CustomerPreferencesListPage />
          </AdminPage>
        </Route>
        <Route path="/customer-preference/create">
          <AdminPage>
            <CustomerPreferenceCreatePage />
          </AdminPage>
        </Route>
        <Route path="/customer-preference/:id/edit">
          <AdminPage>
            <CustomerPreferenceEditPage history={recordHistory('customer_preferences')} />
          </AdminPage>
        </Route>
        <Route path="/return-requests">
          <AdminPage>
            <ReturnRequestsListPage />
          </AdminPage>
        </Route>
        <Route path="/return-requests/create">
          <AdminPage>
            <ReturnRequestCreatePage />
          </AdminPage>
        </Route>
        <Route path="/return-requests/:id/edit">
          <AdminPage>
            <ReturnRequestEditPage />
          </AdminPage>
        </Route>
        <Route path="/exceptions">
          <AdminPage>
            <ExceptionsListPage />
          </AdminPage>
        </Route>
        <Route path="/exceptions/create">
          <AdminPage>
            <ExceptionCreatePage />
          </AdminPage>
        </Route>
        <Route path="/exceptions/:id/edit">
          <AdminPage>
            <ExceptionEditPage />
          </AdminPage>
        </Route>
        <Route path="/deliveries">
          <AdminPage>
            <DeliveriesListPage />
          </AdminPage>
        </Route>
        <Route path="/deliveries/create">
          <AdminPage>
            <DeliveryCreatePage addressDialog={deliveryAddressDialog} />
          </AdminPage>
        </Route>
        <Route path="/deliveries/:id/edit">
          <AdminPage>
            <DeliveryEditPage addressDialog={deliveryAddressDialog} />
          </AdminPage>
        </Route>
        <Route path="/deliveries/:id">
          <AdminPage>
            <DeliveryDetailPage deliveryActions={deliveryChat} />
          </AdminPage>
        </Route>
        <Route path="/assignments">
          <AdminPage>
            <AssignmentsListPage />
          </AdminPage>
        </Route>
        <Route path="/assignments/create">
          <AdminPage>
            <AssignmentCreatePage />
          </AdminPage>
        </Route>
        <Route path="/assignments/:id/edit">
          <AdminPage>
            <AssignmentEditPage history={recordHistory('assignments')} />
          </AdminPage>
        </Route>
        <Route path="/driver-performance">
          <AdminPage>
            <DriverPerformancePage />
          </AdminPage>
        </Route>
        <Route path="/warehouses">
          <AdminPage>
            <WarehousesListPage />
          </AdminPage>
        </Route>
        <Route path="/warehouses/create">
          <AdminPage>
            <WarehouseCreatePage />
          </AdminPage>
        </Route>
        <Route path="/warehouses/:id">
          <AdminPage>
            <WarehouseDetailPage history={recordHistory('warehouses')} />
          </AdminPage>
        </Route>
        <Route path="/warehouses/:id/edit">
          <AdminPage>
            <WarehouseEditPage />
          </AdminPage>
        </Route>
        <Route path="/locations">
          <AdminPage>
            <LocationsListPage />
          </AdminPage>
        </Route>
        <Route path="/locations/create">
          <AdminPage>
            <LocationCreatePage />
          </AdminPage>
        </Route>
        <Route path="/locations/:id/edit">
          <AdminPage>
            <LocationEditPage />
          </AdminPage>
        </Route>
        <Route path="/staff">
          <AdminPage>
            <StaffListPage />
          </AdminPage>
        </Route>
        <Route path="/staff/create">
          <AdminPage>
            <StaffCreatePage />
          </AdminPage>
        </Route>
        <Route path="/staff/:id/edit">
          <AdminPage>
            <StaffEditPage />
          </AdminPage>
        </Route>
        <Route path="/suppliers">
          <AdminPage>
            <SuppliersListPage />
          </AdminPage>
        </Route>
        <Route path="/suppliers/create">
          <AdminPage>
            <SupplierCreatePage />
          </AdminPage>
        </Route>
        <Route path="/suppliers/:id/edit">
          <AdminPage>
            <SupplierEditPage />
          </AdminPage>
        </Route>
        <Route path="/users">
          <AdminPage>
            <UsersListPage />
          </AdminPage>
        </Route>
        <Route path="/users/:id/detail">
          <AdminPage>
            <UserDetailPage {...userDetailSlots} />
          </AdminPage>
        </Route>
        <Route path="/system-settings">
          <AdminPage>
            <SystemSettingsPage />
          </AdminPage>
        </Route>
        <Route path="/brand-settings">
          <AdminPage>
            <BrandSettingsPage />
          </AdminPage>
        </Route>
        <Route path="/activity">
          <AdminPage>
            <ActivityPage />
          </AdminPage>
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </PanelGuard>
  );
}

/** The dispatcher's order sections: the deliveries pages with the section's kind fixed, under its path (Assign opens the board). */
const DISPATCHER_SECTION_ROUTES = DISPATCHER_SECTIONS.map((section) => ({
  ...section,
  paths: sectionDeliveryPaths(section.path, section.title, boardDeliveryPath),
}));

/** A lazy page of the dispatcher panel, in its layout. */
function DispatcherPage({ children }: { children: ReactNode }) {
  return (
    <DispatcherLayout>
      <Page>{children}</Page>
    </DispatcherLayout>
  );
}

/** The dispatcher area (spec 2): the board, the order sections, remit, support, settings, profile and info. */
function DispatcherArea() {
  return (
    <PanelGuard panel="dispatcher">
      <Switch>
        <Route path="/">
          <DispatcherLayout>
            <Page>
              <DispatchBoardPage tools={<DispatcherDashboardPage />} panelExtras={deliveryChat} />
            </Page>
          </DispatcherLayout>
        </Route>
        {DISPATCHER_SECTION_ROUTES.flatMap(({ kind, path, paths }) => [
          <Route key={path} path={path}>
            <DispatcherPage>
              <DeliveriesListPage kind={kind} paths={paths} />
            </DispatcherPage>
          </Route>,
          <Route key={`${path}/new`} path={`${path}/new`}>
            <DispatcherPage>
              <DeliveryCreatePage kind={kind} paths={paths} addressDialog={deliveryAddressDialog} />
            </DispatcherPage>
          </Route>,
          <Route key={`${path}/:id/edit`} path={`${path}/:id/edit`}>
            <DispatcherPage>
              <DeliveryEditPage kind={kind} paths={paths} addressDialog={deliveryAddressDialog} />
            </DispatcherPage>
          </Route>,
          <Route key={`${path}/:id`} path={`${path}/:id`}>
            <DispatcherPage>
              <DeliveryDetailPage kind={kind} paths={paths} deliveryActions={deliveryChat} />
            </DispatcherPage>
          </Route>,
        ])}
        <Route path="/remit">
          <DispatcherLayout>
            <Page>
              <RemitPage />
            </Page>
          </DispatcherLayout>
        </Route>
        <Route path="/support">
          <DispatcherPage>
            <SupportPage conversationSheet={supportConversationSheet} />
          </DispatcherPage>
        </Route>
        <Route path="/settings">
          <DispatcherPage>
            <DispatcherSettingsPage />
          </DispatcherPage>
        </Route>
        <Route path="/profile">
          <DispatcherPage>
            <OwnProfilePage />
          </DispatcherPage>
        </Route>
        <Route path="/info">
          <DispatcherPage>
            <DispatcherInfoPage />
          </DispatcherPage>
        </Route>
        <Route>
          <NotFoundPage />
        </Route>
      </Switch>
    </PanelGuard>
  );
}

/** The route table (spec 2): every path the app answers, in one place. */
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
      {/* Public: no session needed, outside tenant verification (spec 2). */}
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
      <Route path="/:slug">
        {({ slug }) => (
          <TenantRoute>
            <DashboardRoute slug={slug} />
          </TenantRoute>
        )}
      </Route>
      <Route path="/:slug/dashboard">
        {({ slug }) => (
          <TenantRoute>
            <DashboardRoute slug={slug} />
          </TenantRoute>
        )}
      </Route>
      <Route path="/:slug/admin" nest>
        <TenantRoute>
          <AdminArea />
        </TenantRoute>
      </Route>
      <Route path="/:slug/dispatcher" nest>
        <TenantRoute>
          <DispatcherArea />
        </TenantRoute>
      </Route>
      <Route path="/:slug/driver">
        <TenantRoute>
          <PanelGuard panel="driver">
            <DriverLayout>
              <Page>
                {/* The driver's single dashboard is the driver app; the greeting and notifications follow it. */}
                <DriverAppPage footer={<DriverDashboardPage />} taskActions={driverTaskChat} />
              </Page>
            </DriverLayout>
          </PanelGuard>
        </TenantRoute>
      </Route>
      {/* Spec 1: the customer dashboard reuses the driver layout. */}
      <Route path="/:slug/customer">
        <TenantRoute>
          <PanelGuard panel="customer">
            <DriverLayout>
              <Page>
                <CustomerDashboardPage>
                  <CustomerDeliveries deliveryActions={customerDeliveryChat} />
                </CustomerDashboardPage>
              </Page>
            </DriverLayout>
          </PanelGuard>
        </TenantRoute>
      </Route>
      <Route>
        <NotFoundPage />
      </Route>
    </Switch>
  );
}
