import { spawn } from 'node:child_process';

// `npm run dev`: the API on API_PORT (restarted by tsx on every server change) behind Vite's dev
// server on PORT, which serves the SPA with hot reload and proxies /api to it.
const port = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      PORT: apiPort,
      SERVE_SPA: 'false',
      PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}`,
    },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', port, '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
  }),
];

const stopAll = (signal: NodeJS.Signals) => {
  for (const child of children) child.kill(signal);
};
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGTERM', () => stopAll('SIGTERM'));
for (const child of children) {
  child.on('exit', (code) => {
    stopAll('SIGTERM');
    process.exitCode = code ?? 0;
  });
}
