/**
 * The address `npm start` listens on (RUNTIME.md, HOST). HOST when set. Otherwise, on embedded
 * defaults, loopback only: an embedded instance allows private webhook targets and open signup,
 * so anyone who could reach it over a network could read this machine's loopback services
 * through a webhook's delivery log. A hosted start (a database URL, or Vercel) listens on every
 * interface (undefined), as it runs behind a load balancer.
 */
export function listenHost(env) {
  if (env.HOST) return env.HOST;
  return env.DATABASE_URL || env.POSTGRES_URL || env.VERCEL ? undefined : "127.0.0.1";
}

/** Whether `host` is a loopback address only (the machine itself can reach it, nobody else). */
export function isLoopbackHost(host) {
  return host === "localhost" || host === "::1" || (host !== undefined && /^127\./.test(host));
}
