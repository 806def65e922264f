import { cloneElement, isValidElement, type ReactElement, type SVGProps } from 'react';

/** Inline icons (no icon font, no network). Decorative: the control around them carries the name. */
type IconProps = SVGProps<SVGSVGElement>;

/** One shape of an icon: a path's data, or any other SVG element (a circle, a rect). */
type Shape = string | ReactElement;

/** The two looks: drawn with a 1.8 round stroke, or filled. Both 24 units square, 1.25 rem by default. */
const OUTLINE = { fill: 'none', stroke: 'currentColor', strokeWidth: 1.8, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;
const SOLID = { fill: 'currentColor' } as const;

function draw(shapes: readonly Shape[]) {
  return shapes.map((shape, index) => (isValidElement(shape) ? cloneElement(shape, { key: index }) : <path key={index} d={shape} />));
}

/**
 * An icon of `shapes` in a look: hidden from assistive technology and from the tab order, sized
 * `size-5` unless the caller's `className` says otherwise; every other prop reaches the `<svg>`.
 */
function icon(look: typeof OUTLINE | typeof SOLID, ...shapes: Shape[]) {
  const drawn = draw(shapes);
  return function Icon(props: IconProps) {
    return (
      <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" {...look} className="size-5" {...props}>
        {drawn}
      </svg>
    );
  };
}

const outline = (...shapes: Shape[]) => icon(OUTLINE, ...shapes);
const solid = (...shapes: Shape[]) => icon(SOLID, ...shapes);

export const BellIcon = outline('M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0');

export const SettingsIcon = outline(
  'M12.22 2h-.44a2 2 0 0 0-2 2v.18a2 2 0 0 1-1 1.73l-.43.25a2 2 0 0 1-2 0l-.15-.08a2 2 0 0 0-2.73.73l-.22.38a2 2 0 0 0 .73 2.73l.15.1a2 2 0 0 1 1 1.72v.51a2 2 0 0 1-1 1.74l-.15.09a2 2 0 0 0-.73 2.73l.22.38a2 2 0 0 0 2.73.73l.15-.08a2 2 0 0 1 2 0l.43.25a2 2 0 0 1 1 1.73V20a2 2 0 0 0 2 2h.44a2 2 0 0 0 2-2v-.18a2 2 0 0 1 1-1.73l.43-.25a2 2 0 0 1 2 0l.15.08a2 2 0 0 0 2.73-.73l.22-.39a2 2 0 0 0-.73-2.73l-.15-.08a2 2 0 0 1-1-1.74v-.5a2 2 0 0 1 1-1.74l.15-.09a2 2 0 0 0 .73-2.73l-.22-.38a2 2 0 0 0-2.73-.73l-.15.08a2 2 0 0 1-2 0l-.43-.25a2 2 0 0 1-1-1.73V4a2 2 0 0 0-2-2z',
  <circle cx="12" cy="12" r="3" />,
);

export const MenuIcon = outline('M4 6h16M4 12h16M4 18h16');
export const CloseIcon = outline('M18 6 6 18M6 6l12 12');
export const SearchIcon = outline(<circle cx="11" cy="11" r="7" />, 'm20 20-3.5-3.5');
export const GlobeIcon = outline(<circle cx="12" cy="12" r="10" />, 'M2 12h20M12 2a15.3 15.3 0 0 1 4 10 15.3 15.3 0 0 1-4 10 15.3 15.3 0 0 1-4-10 15.3 15.3 0 0 1 4-10z');
export const SunIcon = outline(
  <circle cx="12" cy="12" r="4" />,
  'M12 2v2M12 20v2M4.93 4.93l1.41 1.41M17.66 17.66l1.41 1.41M2 12h2M20 12h2M6.34 17.66l-1.41 1.41M19.07 4.93l-1.41 1.41',
);
export const MoonIcon = outline('M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9z');
export const MonitorIcon = outline(<rect x="2" y="3" width="20" height="14" rx="2" />, 'M8 21h8M12 17v4');
export const HomeIcon = outline('m3 10 9-7 9 7v10a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z');
export const DashboardIcon = outline(
  <rect x="3" y="3" width="7" height="9" rx="1" />,
  <rect x="14" y="3" width="7" height="5" rx="1" />,
  <rect x="14" y="12" width="7" height="9" rx="1" />,
  <rect x="3" y="16" width="7" height="5" rx="1" />,
);
export const LogoutIcon = outline('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9');
export const CheckIcon = outline('M20 6 9 17l-5-5');
export const AlertIcon = outline('M10.29 3.86 1.82 18a2 2 0 0 0 1.71 3h16.94a2 2 0 0 0 1.71-3L13.71 3.86a2 2 0 0 0-3.42 0z', 'M12 9v4M12 17h.01');

export const TwitterIcon = solid('M18.9 2H22l-6.8 7.8L23 22h-6.2l-4.9-6.4L6.3 22H3.2l7.3-8.3L1 2h6.3l4.4 5.9zm-1.1 18h1.7L6.3 3.9H4.5z');
export const FacebookIcon = solid('M14 8.5V6.6c0-.9.2-1.4 1.6-1.4H18V2h-3.3C11.4 2 10.5 3.8 10.5 6.6v1.9H8V12h2.5v10H14V12h3.1l.4-3.5z');
export const InstagramIcon = outline(
  <rect x="3" y="3" width="18" height="18" rx="5" />,
  <circle cx="12" cy="12" r="4" />,
  <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />,
);
export const LinkedinIcon = solid(
  'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zM9.5 9.5h3.8v1.6h.1c.5-1 1.8-2 3.7-2 4 0 4.7 2.6 4.7 6V21h-4v-5.2c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4z',
);

export const UsersIcon = outline(<circle cx="12" cy="8" r="3.5" />, 'M5 20c0-3.9 3.1-7 7-7s7 3.1 7 7');
export const TruckIcon = outline('M3 6h11v10H3zM14 10h4l3 3v3h-7', <circle cx="7" cy="18" r="2" />, <circle cx="17" cy="18" r="2" />);

/* Delivery network: zones, services, pricing. */

export const ZoneIcon = outline('M4 7l6-3 8 3 2 8-7 5-8-3z', <circle cx="10" cy="4" r="0.5" />);
export const ServiceIcon = outline(<circle cx="12" cy="13" r="7" />, 'M12 9v4l3 2M9 3h6');
export const PriceTagIcon = outline('M3 12V4h8l10 10-8 8z', <circle cx="7.5" cy="8.5" r="1.5" />);

/** Drivers: a steering wheel. */
export const SteeringWheelIcon = outline(<circle cx="12" cy="12" r="9" />, <circle cx="12" cy="12" r="2" />, 'M3.5 10.5l6.6 1M20.5 10.5l-6.6 1M12 14v7');

/* Warehousing: sites, locations, staff, suppliers. */

export const WarehouseIcon = outline('M3 21V9l9-5 9 5v12', 'M7 21v-8h10v8M7 17h10');
export const LocationGridIcon = outline('M4 4h7v7H4zM13 4h7v7h-7zM4 13h7v7H4zM13 13h7v7h-7z');
export const StaffIcon = outline(<circle cx="9" cy="8" r="3" />, 'M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6M16 5.5a3 3 0 0 1 0 5M18 14.5c1.8.8 3 2.9 3 5.5');
export const SupplierIcon = outline('M3 7l9-4 9 4-9 4-9-4zM3 7v10l9 4 9-4V7M12 11v10');

/* Lists, tables and the document viewer: pagination, zoom, sorting, filters, the row menu. */

export const MinusIcon = outline('M5 12h14');
export const PlusIcon = outline('M5 12h14M12 5v14');
export const ChevronLeftIcon = outline('m15 18-6-6 6-6');
export const ChevronRightIcon = outline('m9 18 6-6-6-6');
export const FirstPageIcon = outline('m17 18-6-6 6-6M7 6v12');
export const LastPageIcon = outline('m7 18 6-6-6-6M17 6v12');
export const MoreVerticalIcon = outline(<circle cx="12" cy="5" r="1" />, <circle cx="12" cy="12" r="1" />, <circle cx="12" cy="19" r="1" />);
export const FilterIcon = outline('M3 5h18l-7 8.5V19l-4 2v-7.5z');
export const RefreshIcon = outline('M21 12a9 9 0 0 1-15.5 6.2L3 16M3 12a9 9 0 0 1 15.5-6.2L21 8M21 3v5h-5M3 21v-5h5');

/** A column's sort: up, down, or both arrows when unsorted; `size-4` by default. */
const SORT_ICONS = { asc: outline('m6 15 6-6 6 6'), desc: outline('m6 9 6 6 6-6'), none: outline('m7 9 5-5 5 5M7 15l5 5 5-5') };
export const SortIcon = ({ sort, ...p }: IconProps & { sort: 'asc' | 'desc' | null }) => {
  const Icon = SORT_ICONS[sort ?? 'none'];
  return <Icon className="size-4" {...p} />;
};

/* Settings: the tenant's system settings, its brand, and the activity trail. */

export const PaletteIcon = outline(
  'M12 3a9 9 0 1 0 0 18c1.1 0 1.8-.9 1.8-1.9 0-.5-.2-.9-.5-1.3-.3-.3-.5-.8-.5-1.3 0-1 .8-1.8 1.8-1.8H17a4 4 0 0 0 4-4c0-4.2-4-7.7-9-7.7z',
  <circle cx="7.5" cy="11.5" r="1" />,
  <circle cx="10" cy="7.5" r="1" />,
  <circle cx="14.5" cy="7.5" r="1" />,
);
export const ActivityIcon = outline('M3 12a9 9 0 1 0 3-6.7L3 8', 'M3 3v5h5M12 7v5l3 2');

/** A calendar with a clock: delivery preferences (a day and a time window). */
export const CalendarClockIcon = outline(
  'M20 11V6a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v13a2 2 0 0 0 2 2h6',
  'M16 2v4M7 2v4M3 10h17',
  <circle cx="17.5" cy="17.5" r="4" />,
  'M17.5 16v1.6l1 .9',
);

/** A parcel: deliveries. */
export const ParcelIcon = outline('M21 8 12 3 3 8v8l9 5 9-5V8Z', 'm3 8 9 5 9-5M12 13v8M7.5 5.5l9 5');

/** A box with an arrow back: returns. */
export const ReturnBoxIcon = outline('M21 8v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8', 'M2 4h20v4H2zM10 12H7.5l1.5-1.5M7.5 12 9 13.5', 'M7.5 12H14a2 2 0 0 1 0 4h-1');

/** A warning triangle: delivery exceptions. */
export const ExceptionIcon = outline('M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z', 'M12 9v4M12 17h.01');

/** A clipboard with a check: assignments. */
export const ClipboardCheckIcon = outline('M9 4h6v3H9z', 'M9 5H6v16h12V5h-3', 'm9 14 2 2 4-4');

/** Rising bars: performance. */
export const ChartBarIcon = outline('M4 20h16', 'M7 16v-4M12 16V8M17 16v-7');

/** A speech bubble: chat. */
export const ChatIcon = outline('M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12z', 'M8.5 12h.01M12 12h.01M15.5 12h.01');

/** A paper plane: send. */
export const SendIcon = outline('m22 2-7 20-4-9-9-4z', 'M22 2 11 13');

export const KeyIcon = outline(<circle cx="7.5" cy="15.5" r="3.5" />, 'm10 13 9.5-9.5M16 7l2.5 2.5M13.5 9.5 16 12');
