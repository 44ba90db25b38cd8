import path from 'node:path';
import { defineConfig } from 'vite';

const source = (file: string) => path.join(import.meta.dirname, 'src/server', file);

/**
 * The server compiled into dist-server/ (src/build/server-build.mjs builds it for `npm start`), so that
 * a start runs JavaScript instead of transpiling TypeScript. An SSR build leaves every package in
 * node_modules and bundles only our code; the entries keep their names, since the code finds its PDF
 * worker (src/server/pdf/pool.ts) and the project folder (src/server/paths.ts) from where it runs.
 */
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  build: {
    ssr: true,
    target: 'node20',
    outDir: 'dist-server',
    emptyOutDir: true,
    // Readable stack traces without source maps.
    minify: false,
    rolldownOptions: {
      input: {
        main: source('main.ts'),
        worker: source('worker.ts'),
        'pdf-worker': source('pdf/render-task.ts'),
        'ir8a-file-thread': source('pdf/ir8a-file-thread.ts'),
      },
      output: { entryFileNames: '[name].js', chunkFileNames: '[name]-[hash].js' },
    },
  },
});
