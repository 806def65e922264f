import type { SVGProps } from 'react';

/** The table's own icons (kept here so the shared icons.tsx is not edited in parallel). Decorative. */
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
