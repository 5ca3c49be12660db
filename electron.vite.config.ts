import react from '@vitejs/plugin-react';
import { defineConfig } from 'electron-vite';
import type { Plugin } from 'vite';

/**
 * In `electron-vite dev` the React refresh preamble is an inline script, which the page's strict
 * CSP (`script-src 'self'`) would block. Relax it for the dev server only; builds keep it strict.
 */
const devServerCsp: Plugin = {
  name: 'ias:dev-server-csp',
  apply: 'serve',
  transformIndexHtml: (html) => html.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"),
};

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      lib: { entry: 'src/main/index.ts', formats: ['es'], fileName: () => 'index.js' },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // CommonJS, in one file: a sandboxed renderer cannot load an ESM preload or other chunks.
      lib: { entry: 'src/preload/index.ts', formats: ['cjs'], fileName: () => 'index.cjs' },
    },
  },
  renderer: {
    root: 'src/renderer',
    // The dev server on 127.0.0.1, which is what the CSP's connect-src allows.
    server: { host: '127.0.0.1' },
    plugins: [react(), devServerCsp],
    build: {
      outDir: 'out/renderer',
      minify: true,
      rolldownOptions: { input: 'src/renderer/index.html' },
    },
  },
});
