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
