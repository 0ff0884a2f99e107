// The fresh-answer pairs and the mixed day, each against the bare route and then the app, back to
// back; on PostgreSQL the mixed day also against two server processes on the one database.
import { freshPairs } from './fresh.mjs';
import { CONNECTIONS, load, send, summary } from './measure.mjs';
import { BROWSER_ACCEPT_ENCODING, mixedDayAnswers, mixedDayRequests, WRITE_SHARE } from './mixed-day.mjs';
import { cpuMs } from './processes.mjs';

const keep = (bareBase, answers) =>
  send(bareBase, { method: 'PUT', path: '/bodies', headers: { 'content-type': 'application/json' }, body: answers });

const routeKey = (path) => path.split('?')[0].split('/').slice(0, 4).join('/');

/** Runs `measure` and adds to its result the app servers' CPU per answered request. */
async function withCpu(pids, measure) {
  const before = pids.map(cpuMs);
  const result = await measure();
  const used = pids.reduce((sum, pid, i) => sum + cpuMs(pid) - before[i], 0);
  const answered = [result].flat().reduce((sum, r) => sum + r.requests.total, 0);
  return { result, cpuUsPerRequest: answered ? Math.round((used * 1000) / answered) : 0 };
}

function row(name, bare, app, extra = {}) {
  const result = { call: name, bare: summary(bare), app: summary(app), ...extra };
  result.appOfBare = result.bare.rps ? result.app.rps / result.bare.rps : 0;
  console.log(
    `  ${name.padEnd(34)} bare ${String(result.bare.rps).padStart(6)} req/s | app ${String(result.app.rps).padStart(6)} req/s ` +
      `(${Math.round(result.appOfBare * 100)}%), p99 ${result.app.p99} ms` +
      `${result.cpuUsPerRequest ? `, CPU/request app ${result.cpuUsPerRequest} µs, bare ${result.bareCpuUsPerRequest} µs` : ''}${result.app.errors ? `, ${result.app.errors} errors` : ''}`,
  );
  return result;
}

/** Each read right after a write to what it reads: write + read pairs, bare then app. */
export async function measureFresh(calls, { appBase, appPid, bareBase, barePid, seconds, warmupSeconds }) {
  const rows = [];
  for (const call of calls) {
    const readAnswer = await send(appBase, {
      method: 'GET',
      path: call.path,
      headers: { authorization: call.write.sample.headers.authorization },
    });
    const writeAnswer = await send(appBase, call.write.sample);
    if (call.write.undo) await send(appBase, call.write.undo);
    await keep(bareBase, { [`GET ${call.path}`]: readAnswer, [`POST ${routeKey(call.write.sample.path)}`]: writeAnswer });
    const { result: bare, cpuUsPerRequest: bareCpuUsPerRequest } = await withCpu([barePid], () =>
      load({ url: bareBase, requests: freshPairs(call), duration: seconds }),
    );
    if (warmupSeconds > 0) await load({ url: appBase, requests: freshPairs(call), duration: warmupSeconds });
    const { result: app, cpuUsPerRequest } = await withCpu([appPid], () =>
      load({ url: appBase, requests: freshPairs(call), duration: seconds }),
    );
    rows.push(row(`${call.name}, fresh`, bare, app, { read: true, fresh: true, cpuUsPerRequest, bareCpuUsPerRequest }));
  }
  return rows;
}

/** The mixed day, reads only and with WRITE_SHARE writes; `second`: a second server process ({ base, pid }) on the same database. */
export async function measureMixedDay(world, { appBase, appPid, second, bareBase, barePid, seconds, warmupSeconds }) {
  await keep(bareBase, await mixedDayAnswers(world, appBase));
  const rows = [];
  for (const writeShare of [0, WRITE_SHARE]) {
    const name = writeShare ? `mixed day, ${Math.round(writeShare * 100)}% writes` : 'mixed day, reads only';
    const { result: bare, cpuUsPerRequest: bareCpuUsPerRequest } = await withCpu([barePid], () =>
      load({ url: bareBase, requests: mixedDayRequests(world, writeShare, 7), duration: seconds }),
    );
    const requests = mixedDayRequests(world, writeShare, 11);
    if (warmupSeconds > 0) await load({ url: appBase, requests, duration: warmupSeconds });
    const { result: app, cpuUsPerRequest } = await withCpu([appPid], () => load({ url: appBase, requests, duration: seconds }));
    rows.push(row(name, bare, app, { read: true, mixed: true, writeShare, cpuUsPerRequest, bareCpuUsPerRequest }));
    if (second) {
      // The same 50 connections split over the two processes, drawing from one request list.
      const half = { connections: CONNECTIONS / 2, duration: seconds };
      const measured = await withCpu([appPid, second.pid], () =>
        Promise.all([load({ url: appBase, requests, ...half }), load({ url: second.base, requests, ...half })]),
      );
      const [one, two] = measured.result;
      const both = {
        requests: { average: one.requests.average + two.requests.average, total: one.requests.total + two.requests.total },
        latency: { p50: Math.max(one.latency.p50, two.latency.p50), p99: Math.max(one.latency.p99, two.latency.p99) },
        errors: one.errors + two.errors,
        timeouts: one.timeouts + two.timeouts,
        non2xx: one.non2xx + two.non2xx,
      };
      rows.push(
        row(`${name}, two processes`, bare, both, {
          read: true,
          mixed: true,
          writeShare,
          processes: 2,
          cpuUsPerRequest: measured.cpuUsPerRequest,
          bareCpuUsPerRequest,
        }),
      );
    }
  }
  // Reads only again, each asking for a compressed answer as a browser does; the bare route
  // answers the same URLs uncompressed, so the row shows what compressing costs the app.
  const browserRequests = (seed) => mixedDayRequests(world, 0, seed, { acceptEncoding: BROWSER_ACCEPT_ENCODING });
  const { result: bare, cpuUsPerRequest: bareCpuUsPerRequest } = await withCpu([barePid], () =>
    load({ url: bareBase, requests: browserRequests(7), duration: seconds }),
  );
  const requests = browserRequests(11);
  if (warmupSeconds > 0) await load({ url: appBase, requests, duration: warmupSeconds });
  const { result: app, cpuUsPerRequest } = await withCpu([appPid], () => load({ url: appBase, requests, duration: seconds }));
  rows.push(
    row('mixed day, reads only, as browsers ask', bare, app, {
      read: true,
      mixed: true,
      writeShare: 0,
      compressed: true,
      cpuUsPerRequest,
      bareCpuUsPerRequest,
    }),
  );
  return rows;
}
