import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// In development the console talks to a separately started server; in production the server serves dist/ itself.
const serverUrl = process.env.PLUGBOARD_SERVER_URL ?? 'http://localhost:8080';

export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    rollupOptions: {
      output: {
        // React and the router change far less often than the console: a release then re-downloads only the app.
        manualChunks: (id) =>
          /\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id) ? 'react' : undefined,
      },
    },
  },
  // ws: the chargers screen's live socket (/cms-system/live) goes through the same proxy.
  server: { proxy: { '/cms-system': { target: serverUrl, changeOrigin: true, ws: true } } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
