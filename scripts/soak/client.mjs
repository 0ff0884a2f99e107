// The soak's HTTP client: counts each route's requests, statuses and latencies, keeps the first
// responses with a status the workload does not expect, and records broken invariants (violations).

export const q = (params) => `?${new URLSearchParams(params)}`;

/** A client of the server at `base`; its statistics are the report's input. */
export function createClient(base) {
  /** route label -> { count, statuses: { [status]: n }, ms: number[], unexpected?: n } */
  const routes = new Map();
  const unexpected = [];
  const violations = [];
  const violationCounts = {};

  /** Records a broken invariant under the name of the check it fails. */
  function violation(check, detail) {
    violationCounts[check] = (violationCounts[check] ?? 0) + 1;
    if (violations.length < 50) violations.push({ check, detail });
  }

  /** One request; `label` names the route, `ok` lists the statuses this call may answer in this workload. */
  async function call(label, method, url, { token, body, ok = [200] } = {}) {
    const started = performance.now();
    let status;
    let payload;
    try {
      const res = await fetch(base + url, {
        method,
        headers: { ...(token ? { authorization: token } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(30_000),
      });
      status = res.status;
      const text = await res.text();
      payload = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : text;
    } catch (error) {
      status = 'network error';
      payload = error instanceof Error ? error.message : String(error);
    }
    const ms = performance.now() - started;
    let route = routes.get(label);
    if (!route) routes.set(label, (route = { count: 0, statuses: {}, ms: [] }));
    route.count += 1;
    route.statuses[status] = (route.statuses[status] ?? 0) + 1;
    route.ms.push(ms);
    if (!ok.includes(status)) {
      route.unexpected = (route.unexpected ?? 0) + 1;
      if (unexpected.length < 30) unexpected.push({ route: label, status, body: JSON.stringify(payload).slice(0, 300) });
    }
    return { status, body: payload };
  }

  const requestCount = () => [...routes.values()].reduce((sum, r) => sum + r.count, 0);

  return { call, violation, requestCount, routes, unexpected, violations, violationCounts };
}
