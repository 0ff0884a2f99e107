// `npm start`: builds the web app and the server when their build is missing or older than the
// sources, then runs the server (which migrates the database and serves the app).
import { execSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_ARGS, serverEnv } from './server-node-args.mjs';

function newestMtime(dir) {
  let newest = 0;
  if (!fs.existsSync(dir)) return newest;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}
const sources = Math.max(newestMtime('packages/shared/src'), newestMtime('apps/web/src'), newestMtime('apps/web/public'), newestMtime('apps/server/src'), fs.statSync('apps/web/index.html').mtimeMs);
const built = ['apps/web/dist/index.html', 'apps/server/dist/main.js'].map((file) => (fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0));
if (Math.min(...built) < sources) {
  console.log('Building the web app and the server…');
  execSync('npm run build', { stdio: 'inherit' });
}

const server = spawn(process.execPath, [...SERVER_NODE_ARGS, 'apps/server/dist/main.js'], { stdio: 'inherit', env: serverEnv(process.env) });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
