// A small JSON client for setting up the bench through the server's own API.
export function apiClient(base) {
  async function call(method, url, body, token) {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: token } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`${method} ${url} answered ${res.status}: ${await res.text()}`);
    return res.json();
  }
  return {
    get: (url, token) => call('GET', url, undefined, token),
    post: (url, body, token) => call('POST', url, body, token),
  };
}
