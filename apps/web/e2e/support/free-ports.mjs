// Prints two free local ports as JSON: { app, fakes }, where fakes to fakes + 3 are all free (the
// hiscores, Steam Web API, Steam OpenID and Discord fakes). Run as a child process so that
// playwright.config.ts, which must be synchronous, can call it once and pass the answer on.
import net from 'node:net';

const listen = (port) =>
  new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(null));
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
const closeAll = (servers) => Promise.all(servers.filter(Boolean).map((server) => new Promise((done) => server.close(done))));

const app = await listen(0);
let fakes = null;
for (let attempt = 0; attempt < 50 && fakes === null; attempt += 1) {
  const first = await listen(0);
  const base = first.address().port;
  const rest = base + 3 <= 65535 ? [await listen(base + 1), await listen(base + 2), await listen(base + 3)] : [null, null, null];
  if (rest.every(Boolean)) fakes = base;
  await closeAll([first, ...rest]);
}
const port = app.address().port;
await closeAll([app]);
if (fakes === null) throw new Error('No four consecutive free ports found for the fakes');
process.stdout.write(JSON.stringify({ app: port, fakes }));
