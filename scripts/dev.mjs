// Runs the API (restarting on change) and the Vite dev server (proxying /api) together.
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', 'src/main.ts'], { cwd: 'apps/server', stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development', DATA_DIR: process.env.DATA_DIR ?? '../../data' } }),
  spawn('npx', ['vite'], { cwd: 'apps/web', stdio: 'inherit' }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
