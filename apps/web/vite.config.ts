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
        // The rich-text editor (Tiptap on ProseMirror, ~125 KB gzip) likewise: a chunk of its own, fetched with the
        // rich-text-editor route only (its static import), cached across releases of the console.
        manualChunks: (id) =>
          /\/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)
            ? 'react'
            : /\/node_modules\/(@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs)\//.test(
                  id,
                )
              ? 'tiptap'
              : undefined,
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
