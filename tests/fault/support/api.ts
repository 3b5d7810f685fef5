/** JSON calls against a real server process, and a signed-up account with a secret key. */
export interface ApiAnswer {
  status: number;
  headers: Headers;
  // Tests read answers of many shapes, as tests/support/app.ts callJson does.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: Record<string, any>;
  /** Whether the body was JSON at all (every /v1 answer must be). */
  json: boolean;
}

export function apiClient(baseUrl: string) {
  async function api(method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer> {
    const res = await fetch(baseUrl + path, {
      method,
      headers: { "content-type": "application/json", origin: baseUrl, ...headers },
      body: json === undefined ? undefined : JSON.stringify(json),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    try {
      return { status: res.status, headers: res.headers, body: JSON.parse(text), json: true };
    } catch {
      return { status: res.status, headers: res.headers, body: { text }, json: false };
    }
  }

  async function account() {
    const email = `fault-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
    const su = await api("POST", "/v1/auth/signup", { email, password: "correct horse battery" });
    if (su.status !== 201) throw new Error(`signup: ${su.status} ${JSON.stringify(su.body)}`);
    const cookie = su.headers.get("set-cookie")!.split(";")[0];
    const key = await api("POST", "/v1/dashboard/keys", { name: "fault", kind: "secret", mode: "test" }, { cookie });
    return { email, cookie, secretKey: key.body.secret as string };
  }

  return { api, account };
}
