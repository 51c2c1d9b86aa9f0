import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/** The web app builds to dist/web; in dev, /api, /files and /__dev go to the local gateway started by `npm run dev`. */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  build: { outDir: '../dist/web', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 600 },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001',
      '/__dev': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001',
      '/config.js': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001',
      '/files': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001',
    },
  },
});
