import { useState } from 'react';
import { useBrand } from './BrandProvider';

/**
 * The brand's logo (light or dark, switched by the dark class, so no state is needed), or a mark
 * and the brand's name when it has none or its image does not load. The name is always the
 * accessible text.
 */
export function BrandLogo({ showName = true, className }: { showName?: boolean; className?: string }) {
  const { logo, name } = useBrand();
  const [failed, setFailed] = useState<string | null>(null);
  const key = logo ? `${logo.light}|${logo.dark}` : null;
  if (logo && failed !== key) {
    const onError = () => setFailed(key);
    return (
      <span className={`inline-flex items-center gap-2 ${className ?? ''}`} data-testid="brand-logo">
        <img src={logo.light} alt={name} onError={onError} className="h-8 w-auto max-w-40 object-contain dark:hidden" />
        <img src={logo.dark} alt={name} onError={onError} className="hidden h-8 w-auto max-w-40 object-contain dark:block" />
      </span>
    );
  }
  return (
    <span className={`inline-flex items-center gap-2 text-lg font-bold tracking-tight ${className ?? ''}`} data-testid="brand-logo">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8 shrink-0">
        <rect width="32" height="32" rx="8" className="fill-brand" />
        <path d="M9 10l3.5 12L16 13l3.5 9L23 10" fill="none" className="stroke-brand-contrast" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      {showName ? <span className="truncate">{name}</span> : <span className="sr-only">{name}</span>}
    </span>
  );
}
