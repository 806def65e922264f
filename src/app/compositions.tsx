import { Suspense } from 'react';
import { customerDashboardScreen } from '../panels/dashboards/screens';
import { deliveryDetailScreens, deliveryFormScreens } from '../features/deliveries/screens';
import { boardScreen } from '../panels/dispatch-board/screens';
import { supportScreen } from '../panels/dispatcher/screens';
import { driverAppScreen } from '../panels/driver-app/screens';
import { customerPreferenceEditScreen } from '../features/customer-preferences/screens';
import { assignmentEditScreen } from '../features/assignments/screens';
import { driverEditScreen } from '../features/drivers/screens';
import { userDetailScreen } from '../features/users/screens';
import { vehicleEditScreen } from '../features/vehicles/screens';
import { warehouseScreen } from '../features/warehouses/screens';
import { useT } from '../lib/i18n/catalogue';
import type { ScreenDeclaration } from '../lib/screens';
import { lazyWithRetry } from './lazy';
import { appMessages } from './messages';

/*
 * What a feature's page shows of other features: composed here, since features never import each
 * other. Each is lazy, so its code loads with the page that shows it.
 */

const DispatcherDashboardPage = lazyWithRetry(() => import('../panels/dashboards/pages/DispatcherDashboardPage'));
const DriverDashboardPage = lazyWithRetry(() => import('../panels/dashboards/pages/DriverDashboardPage'));
const DeliveryChatButton = lazyWithRetry(async () => ({ default: (await import('../features/chat/DeliveryChatButton')).DeliveryChatButton }));
const CustomerDeliveries = lazyWithRetry(() => import('../panels/customer-dashboard/components/CustomerDeliveries'));
const ConversationSheet = lazyWithRetry(async () => ({ default: (await import('../features/chat/ConversationSheet')).ConversationSheet }));
const AddressDialog = lazyWithRetry(async () => ({ default: (await import('../features/addresses/components/AddressDialog')).AddressDialog }));
const RecordHistory = lazyWithRetry(async () => ({ default: (await import('../features/activity/components/RecordHistory')).RecordHistory }));
const UserAddressTab = lazyWithRetry(async () => ({ default: (await import('../features/addresses/components/UserAddressTab')).UserAddressTab }));
const UserApiKeysTab = lazyWithRetry(() => import('../features/api-keys/components/UserApiKeysTab'));
const UserWebhooksTab = lazyWithRetry(() => import('../features/webhooks/components/UserWebhooksTab'));
const DefaultAddressCard = lazyWithRetry(async () => ({ default: (await import('../features/addresses/components/DefaultAddressCard')).DefaultAddressCard }));

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

/** A customer's 'Message us' on each delivery card: chat's order conversation with dispatch. */
function CustomerDeliveryChat({ delivery }: { delivery: { id: string; delivery_code: string } }) {
  const t = useT(appMessages);
  return (
    <Suspense fallback={null}>
      <DeliveryChatButton deliveryId={delivery.id} deliveryCode={delivery.delivery_code} kind="order" label={t('chat.messageUs')} />
    </Suspense>
  );
}

function customerDeliveryChat(delivery: { id: string; delivery_code: string }) {
  return <CustomerDeliveryChat delivery={delivery} />;
}

/** The support queue's customer conversations open in chat's sheet. */
function supportConversationSheet(props: { conversationId: string | null; title: string; onClose: () => void }) {
  return (
    <Suspense fallback={null}>
      <ConversationSheet {...props} />
    </Suspense>
  );
}

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

/** A record's audit history, composed into the record's page (its code loads with it). */
function recordHistory(tableName: string) {
  return (rowId: string) => (
    <Suspense fallback={null}>
      <RecordHistory tableName={tableName} rowId={rowId} />
    </Suspense>
  );
}

/** The user detail's parts that other features own: the person's addresses, API keys, webhooks and their profile's history. */
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
  apiKeysTab: (user: { id: string; tenant_id: string }) => (
    <Suspense fallback={null}>
      <UserApiKeysTab userId={user.id} tenantId={user.tenant_id} />
    </Suspense>
  ),
  webhooksTab: (user: { id: string }) => (
    <Suspense fallback={null}>
      <UserWebhooksTab userId={user.id} />
    </Suspense>
  ),
};

/** The props the app gives the pages of these screens, checked against the pages' own. */
function compose<P extends object>(screens: readonly ScreenDeclaration<P>[], props: Partial<P>): [ScreenDeclaration, Partial<P>][] {
  return screens.map((screen) => [screen as ScreenDeclaration, props]);
}

/** Per screen, what other features add to its page. */
export const COMPOSITIONS: ReadonlyMap<ScreenDeclaration, object> = new Map<ScreenDeclaration, object>([
  ...compose([vehicleEditScreen], { history: recordHistory('vehicles') }),
  ...compose([driverEditScreen], { history: recordHistory('drivers') }),
  ...compose([customerPreferenceEditScreen], { history: recordHistory('customer_preferences') }),
  ...compose([assignmentEditScreen], { history: recordHistory('assignments') }),
  ...compose([warehouseScreen], { history: recordHistory('warehouses') }),
  ...compose(deliveryFormScreens, { addressDialog: deliveryAddressDialog }),
  ...compose(deliveryDetailScreens, { deliveryActions: deliveryChat }),
  ...compose([userDetailScreen], userDetailSlots),
  ...compose([boardScreen], { tools: <DispatcherDashboardPage />, panelExtras: deliveryChat }),
  ...compose([supportScreen], { conversationSheet: supportConversationSheet }),
  // The driver's single dashboard is the driver app; the greeting and notifications follow it.
  ...compose([driverAppScreen], { footer: <DriverDashboardPage />, taskActions: driverTaskChat }),
  ...compose([customerDashboardScreen], { children: <CustomerDeliveries deliveryActions={customerDeliveryChat} /> }),
]);
