import { BrandLogo } from '../../features/brand/BrandLogo';

/** The current brand's logo (tenant or system). */
export function Logo({ showName = true }: { showName?: boolean }) {
  return <BrandLogo showName={showName} />;
}
