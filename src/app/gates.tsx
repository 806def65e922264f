import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { BrandProvider } from '../features/brand/BrandProvider';
import { verifyTenantDomain } from '../features/tenants/api';
import { useSession } from '../lib/session';
import { Button } from '../ui/Button';
import { useToast } from '../ui/toast';
import { createDomainVerifier, type DomainOutcome } from './domain-verification';
import { useRecordLoad } from '../lib/use-record-load';
import { panelHomeOf, shouldRejectTenantless, TENANTLESS_MESSAGE, tenantSlugToVerify } from './guards';
import { LoadingScreen } from './LoadingScreen';
import { useT } from '../lib/i18n/catalogue';
import { appMessages } from './messages';

const domains = createDomainVerifier(async (slug) => (await verifyTenantDomain(slug)).status);

/** A failed domain verification clears local storage and starts over at '/'. */
function leaveUnknownDomain(): void {
  window.localStorage.clear();
  window.location.replace('/');
}

/**
 * Confirms that the first path segment names a tenant (public/verify-domain) before anything under
 * it renders; paths that are not tenant paths pass straight through.
 */
export function DomainGate({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const session = useSession();
  const slug = tenantSlugToVerify(pathname);
  const [attempt, setAttempt] = useState(0);
  const toVerify = slug && !domains.isVerified(slug) ? slug : null;
  // Keyed by the slug and the attempt: an answer for a slug the visitor has left is dropped.
  const { state } = useRecordLoad<DomainOutcome>(toVerify === null ? null : `${toVerify}\u0000${attempt}`, () => (toVerify === null ? Promise.resolve(null) : domains.verify(toVerify)), {
    loadingOnNewKey: true,
    onLoad: (outcome) => {
      if (outcome === 'unknown') leaveUnknownDomain();
    },
  });

  if (toVerify !== null) {
    // A confirmation renders the children (isVerified); an unknown business starts over; no answer is not a verdict:
    // the stored session stays, and the visitor can try again.
    if (state.status === 'ready' && (state.record === 'error' || state.record === 'unreachable')) {
      // Offline (no answer at all, not an error answer), the signed-in user's own business needs no
      // confirmation: the app opens on what the device remembers (lib/session) instead of stopping at the check.
      if (state.record === 'unreachable' && session.user?.tenant?.slug === toVerify) return children;
      if (session.status === 'loading' && !session.unreachable) return <LoadingScreen />;
      return <VerificationProblem onRetry={() => setAttempt((n) => n + 1)} />;
    }
    return <LoadingScreen />;
  }
  return children;
}

/**
 * A signed-in user whose profile got no answer, with none remembered on this device (the first start
 * offline): said plainly instead of a spinner; the app opens by itself when the connection returns.
 */
export function SessionOfflineGate({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.status !== 'loading' || !session.unreachable) return children;
  return <SessionOffline onRetry={() => session.retry?.()} />;
}

function SessionOffline({ onRetry }: { onRetry: () => void }) {
  return <GateProblem words={PROBLEM_WORDS.offline} onRetry={onRetry} testId="session-offline" />;
}

function VerificationProblem({ onRetry }: { onRetry: () => void }) {
  return <GateProblem words={PROBLEM_WORDS.verify} onRetry={onRetry} />;
}

type AppMessageKey = keyof typeof appMessages.en;

const PROBLEM_WORDS = {
  offline: { title: 'offline.title', detail: 'offline.detail' },
  verify: { title: 'verify.title', detail: 'verify.detail' },
} as const satisfies Record<string, { title: AppMessageKey; detail: AppMessageKey }>;

/** A whole page saying why the app cannot open yet, with a way to try again. */
function GateProblem({ words, onRetry, testId }: { words: { title: AppMessageKey; detail: AppMessageKey }; onRetry: () => void; testId?: string }) {
  const t = useT(appMessages);
  return (
    <main role="alert" data-testid={testId} className="grid min-h-dvh place-items-center px-4 text-center">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{t(words.title)}</h1>
        <p className="mx-auto mt-3 max-w-md text-slate-600 dark:text-slate-400">{t(words.detail)}</p>
        <Button className="mt-6" onClick={onRetry}>
          {t('tryAgain')}
        </Button>
      </div>
    </main>
  );
}

/**
 * A signed-in user without a tenant or a panel type is told so and signed out,
 * anywhere but on update-password.
 */
export function TenantlessGate({ children }: { children: ReactNode }) {
  const session = useSession();
  const [pathname] = useLocation();
  const t = useT(appMessages);
  const toast = useToast();
  const reject = shouldRejectTenantless(session, pathname);
  const handledUser = useRef<string | null>(null);
  const userId = session.user?.id ?? null;
  const { signOut } = session;

  useEffect(() => {
    if (!reject || !userId || handledUser.current === userId) return;
    handledUser.current = userId;
    toast.error(TENANTLESS_MESSAGE);
    void signOut().finally(() => {
      handledUser.current = null;
    });
  }, [reject, userId, toast, signOut]);

  // An admin changed this person's role while they work: the profile is read again (lib/session),
  // and whoever is inside their old panel moves to the new one instead of meeting 'Permission denied'.
  const home = session.user && !reject ? panelHomeOf(session.user) : null;
  const panel = session.user?.profile?.panel_type ?? null;
  const previous = useRef<{ userId: string; panel: string } | null>(null);
  const [, navigate] = useLocation();
  useEffect(() => {
    if (!userId || !panel || !home) return;
    const before = previous.current;
    previous.current = { userId, panel };
    if (!before || before.userId !== userId || before.panel === panel) return;
    const slug = session.user?.tenant?.slug;
    if (slug && pathname.startsWith(`/${slug}/${before.panel}`)) {
      toast.show(t('roleChanged', { panel }));
      navigate(home, { replace: true });
    }
  }, [userId, panel, home, pathname, navigate, toast, session.user, t]);

  return children;
}


/** The brand of the tenant in the URL, else of the signed-in user's tenant, else the system brand. */
export function BrandScope({ children }: { children: ReactNode }) {
  const [pathname] = useLocation();
  const session = useSession();
  const slug = tenantSlugToVerify(pathname) ?? session.user?.tenant?.slug ?? null;
  return <BrandProvider tenantSlug={slug}>{children}</BrandProvider>;
}
