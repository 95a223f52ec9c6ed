import './lib/zod-without-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, preloadMatches } from './app/app-routes';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { silenceUnhandledRejections } from './lib/global-errors';
import { initI18n } from './lib/i18n';
import { ensureStorageDefaults } from './lib/storage';

silenceUnhandledRejections();
ensureStorageDefaults();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first screen's chunks download while the translations do; the first paint waits for the stored language, so
// the interface never flashes in English first (or in bare keys).
preloadMatches(routes, window.location.pathname);
void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        {/* Urgent location updates: AppRoutes defers them itself, which is how it knows a screen is loading. */}
        <BrowserRouter useTransitions={false}>
          <AppRoutes routes={routes} />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
