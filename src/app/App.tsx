import { SessionProvider } from '../lib/session';
import { LiveAnnouncer } from '../ui/LiveAnnouncer';
import { ToastProvider } from '../ui/toast';
import { CrashBoundary } from './errors/CrashBoundary';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { BrandScope, DomainGate, SessionOfflineGate, TenantlessGate } from './gates';
import { LanguageSync } from './LanguageSync';
import { AppRoutes } from './routes';

export function App() {
  return (
    <CrashBoundary>
      <SessionProvider>
        <LanguageSync />
        <ToastProvider>
          <LiveAnnouncer>
            <SessionOfflineGate>
              <DomainGate>
                <BrandScope>
                  <TenantlessGate>
                    <AppErrorBoundary>
                      <AppRoutes />
                    </AppErrorBoundary>
                  </TenantlessGate>
                </BrandScope>
              </DomainGate>
            </SessionOfflineGate>
          </LiveAnnouncer>
        </ToastProvider>
      </SessionProvider>
    </CrashBoundary>
  );
}
