import type { AuthSettings } from './settings.ts';

/**
 * GoTrue's URI allow list globs (gobwas/glob with '.' and '/' as separators): `**` crosses
 * separators, `*` and `?` do not.
 */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (c === '*') out += '[^./]*';
    else if (c === '?') out += '[^./]';
    else out += c.replace(/[\\^$.|+()[\]{}]/g, '\\$&');
  }
  return new RegExp(`^${out}$`);
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/** GoTrue's isRedirectURLValid: the site URL's host, or a match of an additional redirect URL glob. */
export function isRedirectAllowed(candidate: string, settings: AuthSettings): boolean {
  const url = parse(candidate);
  if (!url) return false;
  const site = parse(settings.siteUrl);
  if (site && site.hostname === url.hostname) return true;
  const bare = candidate.split('#')[0];
  return settings.additionalRedirectUrls.some((pattern) => globToRegExp(pattern).test(bare) || globToRegExp(pattern).test(candidate));
}

/** The redirect a flow ends on: the requested one when allowed, otherwise the site URL. */
export function resolveRedirect(candidate: string | null | undefined, settings: AuthSettings): string {
  if (candidate && isRedirectAllowed(candidate, settings)) return candidate;
  return settings.siteUrl;
}
