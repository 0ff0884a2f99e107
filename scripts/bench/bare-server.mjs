// The ceiling every API call is compared with in the same run: a bare Fastify server, no plugins,
// answering each call's path with the very JSON the app answered, kept in memory.
import Fastify from 'fastify';

const bodies = new Map();
const app = Fastify({ logger: false, bodyLimit: 10 * 1024 * 1024 });
app.put('/bodies', async (req) => {
  for (const [name, body] of Object.entries(req.body)) bodies.set(name, body);
  return { stored: bodies.size };
});
app.get('/bare/:name', async (req) => bodies.get(req.params.name));
app.post('/bare/:name', async (req) => bodies.get(req.params.name));
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
