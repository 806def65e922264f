import { useLocation, useRouter } from 'wouter';

/** The absolute path, also inside a nested router. */
export function usePathname(): string {
  const [location] = useLocation();
  const { base } = useRouter();
  return `${base}${location}`;
}
