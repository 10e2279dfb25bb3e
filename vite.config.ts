import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss()],
  // The server-side bundle (src/app/client/server-render.tsx) takes React and every library in
  // with it, built for production like the browser's: the server renders with the same code the
  // browser hydrates with, whatever NODE_ENV the server itself runs under.
  ...(isSsrBuild ? { ssr: { noExternal: true }, define: { 'process.env.NODE_ENV': JSON.stringify('production') } } : {}),
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // manifest.json lets the server find the entry and route chunks by source path.
    manifest: !isSsrBuild,
    // The SSR build only renders HTML: no copy of public/ beside it.
    copyPublicDir: !isSsrBuild,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // zod (about 24 KB gzipped, no dependencies) gets its own long-cached chunk, used only by
          // lazy chunks. Everything else is split by Rolldown from the import graph. Libraries with
          // dependencies (react-hook-form → react) must not be grouped: the group would take React
          // with it and the entry would preload the whole group.
          groups: [{ name: 'zod', test: /node_modules[\\/]zod[\\/]/ }],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
    },
  },
}));
