// The ceiling every API call is compared with in the same run: a bare Fastify server, no plugins,
// answering each call's path with the very JSON the app answered, kept in memory. `/bare/<name>`
// serves one named answer; any other path is served the answer kept for its URL (a GET) or for
// its route (a POST: the path without its parameters), as the mixed-day scenario asks.
import Fastify from 'fastify';
import { FRESH_READ_PARAMETER } from './fresh.mjs';

const bodies = new Map();
const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
app.put('/bodies', async (req) => {
  for (const [name, body] of Object.entries(req.body)) bodies.set(name, body);
  return { stored: bodies.size };
});
app.get('/bare/:name', async (req) => bodies.get(req.params.name));
app.post('/bare/:name', async (req) => bodies.get(req.params.name));
app.get('/health', async () => ({ status: 'ok' }));
// The fresh pairs' reads add `&fresh=<n>` (fresh.mjs): one answer serves them all.
app.get('/api/*', async (req) => bodies.get(`GET ${req.url.replace(FRESH_READ_PARAMETER, '')}`));
app.post('/api/*', async (req) => bodies.get(`POST ${req.url.split('?')[0].split('/').slice(0, 4).join('/')}`));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
