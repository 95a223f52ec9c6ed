import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { HistoryRouterProvider } from './app/history-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { silenceUnhandledRejections } from './lib/global-errors';
import { initI18n } from './lib/i18n';
import { ensureStorageDefaults } from './lib/storage';

silenceUnhandledRejections();
ensureStorageDefaults();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The router starts at once, so the first screen's chunk downloads while the translations do; the first paint waits
// for the stored language, so the interface never flashes in English first (or in bare keys).
const router = createAppRouter();
void initI18n().then(() => {
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <HistoryRouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
});
