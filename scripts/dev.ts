/**
 * `npm run dev`: the server under `tsx watch` (restarts on change) and Vite's dev server with hot
 * module reload, which proxies `/api` to the server. Ctrl-C stops both.
 */
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/src/main.ts'], {
    stdio: 'inherit',
    env: {
      ...process.env,
      NODE_ENV: 'development',
      WEB_DIST: process.env.WEB_DIST ?? '.tmp/no-web-dist',
      // The browser talks to Vite; the identity provider's redirects must come back there too.
      PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173',
    },
  }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit', cwd: 'web' }),
];

console.log('\n  Portal with hot reload: http://localhost:5173/  (API server on :3000)\n');

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
