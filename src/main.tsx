import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ConfigErrorPage } from './app/errors/ConfigErrorPage';
import { CrashPage } from './app/errors/CrashPage';
import { readAppEnv } from './lib/env';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);
const env = readAppEnv();

if (!env.ok) {
  root.render(
    <StrictMode>
      <ConfigErrorPage problems={env.problems} />
    </StrictMode>,
  );
} else {
  // Loaded only once the configuration is valid: importing the app creates the Supabase client.
  import('./app/App').then(
    ({ App }) =>
      root.render(
        <StrictMode>
          <App />
        </StrictMode>,
      ),
    (error: unknown) => {
      console.error('Could not load the app', error);
      root.render(<CrashPage />);
    },
  );
}

// The service worker keeps the app shell on the device so the app opens offline (vite.config.ts).
// Production builds only: under `npm run dev` and in tests no worker may cache modules. A new build
// installs in the background and the page reloads onto it once it has taken over.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  import('virtual:pwa-register').then(
    ({ registerSW }) => registerSW({ immediate: true, onRegisterError: (error: unknown) => console.error('Could not register the service worker', error) }),
    (error: unknown) => console.error('Could not load the service worker registration', error),
  );
}
