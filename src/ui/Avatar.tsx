/** Initials of a display name: 'Ada Admin' -> 'AA', 'ada@acme.test' -> 'A'. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/[\s@._-]+/).filter(Boolean);
  if (words.length === 0) return '?';
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 && !name.includes('@') ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-14 text-lg' } as const;

/** The user's picture, or their initials on the brand colour. Decorative: the name is always shown or announced beside it. */
export function Avatar({ name, src, size = 'md' }: { name: string; src?: string | null | undefined; size?: keyof typeof sizes }) {
  if (src) return <img src={src} alt="" className={`${sizes[size]} shrink-0 rounded-full object-cover`} />;
  return (
    <span aria-hidden="true" className={`${sizes[size]} inline-flex shrink-0 items-center justify-center rounded-full bg-brand font-semibold text-brand-contrast`}>
      {initialsOf(name)}
    </span>
  );
}
