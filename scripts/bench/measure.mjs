// Runs each call against the bare route and then the app, back to back, with autocannon.
import autocannon from 'autocannon';

export const CONNECTIONS = 50;

export function load(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, ...options }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export const summary = (result) => ({
  rps: Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.timeouts + result.non2xx,
});

export async function send(base, { method, path, headers, body }) {
  const res = await fetch(`${base}${path}`, { method, headers, body: body ? JSON.stringify(body) : undefined }).catch((error) => {
    throw new Error(`${method} ${path}: ${error.cause?.message ?? error.message}`);
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return res.json();
}

/**
 * Waits until a server has worked off the requests autocannon left in flight when it stopped: one
 * more request queues behind them. Without this they would eat into the next measurement.
 */
async function drain(base, call) {
  await send(base, call.sample);
  if (call.undo) await send(base, call.undo);
}

/** Bare route then app for every call; returns one row per call. */
export async function measureCalls(calls, { appBase, bareBase, seconds, warmupSeconds }) {
  const rows = [];
  for (const [index, call] of calls.entries()) {
    const key = `call${index}`;
    const answer = await send(appBase, call.sample);
    if (call.undo) await send(appBase, call.undo);
    await send(bareBase, { method: 'PUT', path: '/bodies', headers: { 'content-type': 'application/json' }, body: { [key]: answer } });

    const bare = await load({
      url: `${bareBase}/bare/${key}`,
      method: call.method,
      headers: call.method === 'POST' ? { 'content-type': 'application/json' } : {},
      body: call.sample.body ? JSON.stringify(call.sample.body) : undefined,
      duration: seconds,
    });
    await drain(bareBase, { sample: { ...call.sample, path: `/bare/${key}` } });
    const appOptions = {
      url: appBase,
      method: call.method,
      headers: call.headers,
      requests: call.requests ?? [{ method: call.method, path: call.path }],
    };
    if (warmupSeconds > 0 && call.warmup !== false) {
      await load({ ...appOptions, duration: warmupSeconds });
      await drain(appBase, call);
    }
    const app = await load({ ...appOptions, duration: seconds });
    await drain(appBase, call);
    const row = { call: call.name, read: call.read, bare: summary(bare), app: summary(app) };
    row.appOfBare = row.bare.rps ? row.app.rps / row.bare.rps : 0;
    rows.push(row);
    console.log(
      `  ${call.name.padEnd(30)} bare ${String(row.bare.rps).padStart(6)} req/s | app ${String(row.app.rps).padStart(6)} req/s ` +
        `(${Math.round(row.appOfBare * 100)}%), p99 ${row.app.p99} ms${row.app.errors ? `, ${row.app.errors} errors` : ''}`,
    );
  }
  return rows;
}
