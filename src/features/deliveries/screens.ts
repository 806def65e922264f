import type { ComponentProps } from 'react';
import { DISPATCHER_SECTIONS, sectionPaths } from '../../lib/dispatcher-sections';
import { adminPaths } from '../../lib/paths';
import { lazyPage, screen, type ScreenDeclaration } from '../../lib/screens';
import { ParcelIcon } from '../../ui/icons';
import type { DeliveryCreatePage } from './pages/DeliveryFormPage';
import { sectionDeliveryPaths } from './paths';

// Named for the declarations' types only: a type import adds nothing to this module's code, so the pages stay in their lazy chunks.
type FormScreen = ScreenDeclaration<ComponentProps<typeof DeliveryCreatePage>>;

// One lazy page each, shared by the admin's screens and the dispatcher's sections (lib/screens: LazyPage).
const listPage = lazyPage(() => import('./pages/DeliveriesListPage'), 'DeliveriesListPage');
const createPage = lazyPage(() => import('./pages/DeliveryFormPage'), 'DeliveryCreatePage');
const editPage = lazyPage(() => import('./pages/DeliveryFormPage'), 'DeliveryEditPage');
const detailPage = lazyPage(() => import('./pages/DeliveryDetailPage'), 'DeliveryDetailPage');

/** The dispatcher's order sections: the same pages with the section's kind and paths fixed, in the sections' order. */
const sections = DISPATCHER_SECTIONS.map((section) => {
  const paths = sectionPaths(section);
  const props = { kind: section.kind, paths: sectionDeliveryPaths(section) };
  return {
    list: screen({ path: paths.list, page: listPage, props, nav: { label: section.nav } }),
    create: screen({ path: paths.create, page: createPage, props }),
    edit: screen({ path: paths.edit, page: editPage, props }),
    detail: screen({ path: paths.detail, page: detailPage, props }),
  };
});

const adminCreate = screen({ path: adminPaths.deliveryCreate, page: createPage });
const adminEdit = screen({ path: adminPaths.deliveryEdit, page: editPage });
const adminDetail = screen({ path: adminPaths.delivery, page: detailPage });

/** The delivery forms, where the app composes in the addresses feature's 'New address' dialog. */
export const deliveryFormScreens: readonly FormScreen[] = [adminCreate, adminEdit, ...sections.flatMap((s) => [s.create, s.edit])];

/** The delivery detail pages, where the app composes in the chat with the driver. */
export const deliveryDetailScreens = [adminDetail, ...sections.map((s) => s.detail)];

/** The admin's deliveries screens ('create' and '{id}/edit' before '{id}', which would match them), then the dispatcher's sections. */
export const screens: readonly ScreenDeclaration[] = [
  screen({ path: adminPaths.deliveries, page: listPage, nav: { group: 'operations', label: 'nav.deliveries', icon: ParcelIcon } }),
  adminCreate,
  adminEdit,
  adminDetail,
  ...sections.flatMap((s) => [s.list, s.create, s.edit, s.detail]),
];
