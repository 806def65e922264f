import type { SVGProps } from 'react';

/** Inline icons (no icon font, no network). Decorative: the control around them carries the name. */
type IconProps = SVGProps<SVGSVGElement>;

function Outline({ children, ...props }: IconProps) {
  return (
    <svg
      aria-hidden="true"
      focusable="false"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-5"
      {...props}
    >
      {children}
    </svg>
  );
}

function Solid({ children, ...props }: IconProps) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" fill="currentColor" className="size-5" {...props}>
      {children}
    </svg>
  );
}

export const BellIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </Outline>
);

export const SettingsIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M12.22 2h-.44a2 2 0 0 0-2 2v.18a2 2 0 0 1-1 1.73l-.43.25a2 2 0 0 1-2 0l-.15-.08a2 2 0 0 0-2.73.73l-.22.38a2 2 0 0 0 .73 2.73l.15.1a2 2 0 0 1 1 1.72v.51a2 2 0 0 1-1 1.74l-.15.09a2 2 0 0 0-.73 2.73l.22.38a2 2 0 0 0 2.73.73l.15-.08a2 2 0 0 1 2 0l.43.25a2 2 0 0 1 1 1.73V20a2 2 0 0 0 2 2h.44a2 2 0 0 0 2-2v-.18a2 2 0 0 1 1-1.73l.43-.25a2 2 0 0 1 2 0l.15.08a2 2 0 0 0 2.73-.73l.22-.39a2 2 0 0 0-.73-2.73l-.15-.08a2 2 0 0 1-1-1.74v-.5a2 2 0 0 1 1-1.74l.15-.09a2 2 0 0 0 .73-2.73l-.22-.38a2 2 0 0 0-2.73-.73l-.15.08a2 2 0 0 1-2 0l-.43-.25a2 2 0 0 1-1-1.73V4a2 2 0 0 0-2-2z" />
    <circle cx="12" cy="12" r="3" />
  </Outline>
);

export const MenuIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </Outline>
);

export const CloseIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M18 6 6 18M6 6l12 12" />
  </Outline>
);

export const SearchIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </Outline>
);

export const GlobeIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="12" cy="12" r="10" />
    <path d="M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z" />
  </Outline>
);

export const SunIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="12" cy="12" r="4" />
    <path d="M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41" />
  </Outline>
);

export const MoonIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9z" />
  </Outline>
);

export const MonitorIcon = (p: IconProps) => (
  <Outline {...p}>
    <rect x="2" y="3" width="20" height="14" rx="2" />
    <path d="M8 21h8M12 17v4" />
  </Outline>
);

export const HomeIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="m3 10 9-7 9 7v10a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" />
  </Outline>
);

export const DashboardIcon = (p: IconProps) => (
  <Outline {...p}>
    <rect x="3" y="3" width="7" height="9" rx="1" />
    <rect x="14" y="3" width="7" height="5" rx="1" />
    <rect x="14" y="12" width="7" height="9" rx="1" />
    <rect x="3" y="16" width="7" height="5" rx="1" />
  </Outline>
);

export const LogoutIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
  </Outline>
);

export const CheckIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M20 6 9 17l-5-5" />
  </Outline>
);

export const AlertIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z" />
    <path d="M12 9v4M12 17h.01" />
  </Outline>
);

export const TwitterIcon = (p: IconProps) => (
  <Solid {...p}>
    <path d="M18.9 2H22l-6.8 7.8L23 22h-6.2l-4.9-6.4L6.3 22H3.2l7.3-8.3L1 2h6.3l4.4 5.9zm-1.1 18h1.7L6.3 3.9H4.5z" />
  </Solid>
);

export const FacebookIcon = (p: IconProps) => (
  <Solid {...p}>
    <path d="M14 8.5V6.6c0-.9.2-1.4 1.6-1.4H18V2h-3.3C11.4 2 10.5 3.8 10.5 6.6v1.9H8V12h2.5v10H14V12h3.1l.4-3.5z" />
  </Solid>
);

export const InstagramIcon = (p: IconProps) => (
  <Outline {...p}>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
  </Outline>
);

export const LinkedinIcon = (p: IconProps) => (
  <Solid {...p}>
    <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zM9.5 9.5h3.8v1.6h.1c.5-1 1.8-2 3.7-2 4 0 4.7 2.6 4.7 6V21h-4v-5.2c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4z" />
  </Solid>
);

export const UsersIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="12" cy="8" r="3.5" />
    <path d="M5 20c0-3.9 3.1-7 7-7s7 3.1 7 7" />
  </Outline>
);

export const TruckIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M3 6h11v10H3zM14 10h4l3 3v3h-7" />
    <circle cx="7" cy="18" r="2" />
    <circle cx="17" cy="18" r="2" />
  </Outline>
);

/* Delivery network: zones, services, pricing. */

export const ZoneIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M4 7l6-3 8 3 2 8-7 5-8-3z" />
    <circle cx="10" cy="4" r="0.5" />
  </Outline>
);

export const ServiceIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="12" cy="13" r="7" />
    <path d="M12 9v4l3 2M9 3h6" />
  </Outline>
);

export const PriceTagIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M3 12V4h8l10 10-8 8z" />
    <circle cx="7.5" cy="8.5" r="1.5" />
  </Outline>
);

/** Drivers: a steering wheel. */
export const SteeringWheelIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="12" cy="12" r="9" />
    <circle cx="12" cy="12" r="2" />
    <path d="M3.5 10.5l6.6 1M20.5 10.5l-6.6 1M12 14v7" />
  </Outline>
);

/* Warehousing: sites, locations, staff, suppliers. */

export const WarehouseIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M3 21V9l9-5 9 5v12" />
    <path d="M7 21v-8h10v8M7 17h10" />
  </Outline>
);

export const LocationGridIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z" />
  </Outline>
);

export const StaffIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="9" cy="8" r="3" />
    <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M16 5.5a3 3 0 0 1 0 5M18 14.5c1.8.8 3 2.9 3 5.5" />
  </Outline>
);

export const SupplierIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M3 7l9-4 9 4-9 4-9-4zM3 7v10l9 4 9-4V7M12 11v10" />
  </Outline>
);

/* Lists, tables and the document viewer: pagination, zoom, sorting, filters, the row menu. */

export const MinusIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M5 12h14" />
  </Outline>
);

export const PlusIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M5 12h14M12 5v14" />
  </Outline>
);

export const ChevronLeftIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="m15 18-6-6 6-6" />
  </Outline>
);

export const ChevronRightIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="m9 18 6-6-6-6" />
  </Outline>
);

export const FirstPageIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="m17 18-6-6 6-6M7 6v12" />
  </Outline>
);

export const LastPageIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="m7 18 6-6-6-6M17 6v12" />
  </Outline>
);

export const MoreVerticalIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="12" cy="5" r="1" />
    <circle cx="12" cy="12" r="1" />
    <circle cx="12" cy="19" r="1" />
  </Outline>
);

export const FilterIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M3 5h18l-7 8.5V19l-4 2v-7.5z" />
  </Outline>
);

export const RefreshIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M21 12a9 9 0 0 1-15.5 6.2L3 16M3 12a9 9 0 0 1 15.5-6.2L21 8M21 3v5h-5M3 21v-5h5" />
  </Outline>
);

export const SortIcon = ({ sort, ...p }: IconProps & { sort: 'asc' | 'desc' | null }) => (
  <Outline className="size-4" {...p}>
    {sort === 'asc' && <path d="m6 15 6-6 6 6" />}
    {sort === 'desc' && <path d="m6 9 6 6 6-6" />}
    {sort === null && <path d="m7 9 5-5 5 5M7 15l5 5 5-5" />}
  </Outline>
);

/* Settings: the tenant's system settings, its brand, and the activity trail. */

export const PaletteIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M12 3a9 9 0 1 0 0 18c1.1 0 1.8-.9 1.8-1.9 0-.5-.2-.9-.5-1.3-.3-.3-.5-.8-.5-1.3 0-1 .8-1.8 1.8-1.8H17a4 4 0 0 0 4-4c0-4.2-4-7.7-9-7.7z" />
    <circle cx="7.5" cy="11.5" r="1" />
    <circle cx="10" cy="7.5" r="1" />
    <circle cx="14.5" cy="7.5" r="1" />
  </Outline>
);

export const ActivityIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5M12 7v5l3 2" />
  </Outline>
);

/** A calendar with a clock: delivery preferences (a day and a time window). */
export const CalendarClockIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M20 11V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h6" />
    <path d="M16 2v4M7 2v4M3 10h17" />
    <circle cx="17.5" cy="17.5" r="4" />
    <path d="M17.5 16v1.6l1 .9" />
  </Outline>
);

/** A parcel: deliveries. */
export const ParcelIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M21 8 12 3 3 8v8l9 5 9-5V8Z" />
    <path d="m3 8 9 5 9-5M12 13v8M7.5 5.5l9 5" />
  </Outline>
);

/** A box with an arrow back: returns. */
export const ReturnBoxIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M21 8v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8" />
    <path d="M2 4h20v4H2zM10 12H7.5l1.5-1.5M7.5 12 9 13.5" />
    <path d="M7.5 12H14a2 2 0 0 1 0 4h-1" />
  </Outline>
);

/** A warning triangle: delivery exceptions. */
export const ExceptionIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z" />
    <path d="M12 9v4M12 17h.01" />
  </Outline>
);

/** A clipboard with a check: assignments. */
export const ClipboardCheckIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M9 4h6v3H9z" />
    <path d="M9 5H6v16h12V5h-3" />
    <path d="m9 14 2 2 4-4" />
  </Outline>
);

/** Rising bars: performance. */
export const ChartBarIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M4 20h16" />
    <path d="M7 16v-4M12 16V8M17 16v-7" />
  </Outline>
);

/** A speech bubble: chat. */
export const ChatIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z" />
    <path d="M8.5 12h.01M12 12h.01M15.5 12h.01" />
  </Outline>
);

/** A paper plane: send. */
export const SendIcon = (p: IconProps) => (
  <Outline {...p}>
    <path d="m22 2-7 20-4-9-9-4z" />
    <path d="M22 2 11 13" />
  </Outline>
);

export const KeyIcon = (p: IconProps) => (
  <Outline {...p}>
    <circle cx="7.5" cy="15.5" r="3.5" />
    <path d="m10 13 9.5-9.5M16 7l2.5 2.5M13.5 9.5 16 12" />
  </Outline>
);
