/**
 * A TCP proxy in front of a shared service (the machine's Postgres), so a fault test can
 * break the connection without touching the service itself: `freeze()` stops forwarding
 * bytes both ways with every socket left open (what a SIGSTOPped server looks like),
 * `cut()` destroys every connection and refuses new ones (a crash or restart), and
 * `restore()` ends either.
 */
import { createServer, connect, type Server, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  freeze(): void;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: "open" | "frozen" | "cut" = "open";
  const pairs = new Set<[Socket, Socket]>();
  const server: Server = createServer((client) => {
    if (mode === "cut") return client.destroy();
    const upstream = connect(target.port, target.host);
    const pair: [Socket, Socket] = [client, upstream];
    pairs.add(pair);
    for (const [from, to] of [pair, [upstream, client] as [Socket, Socket]]) {
      from.on("data", (chunk) => {
        if (mode === "frozen") {
          // Held until restore, as a stopped process would hold it.
          from.pause();
          from.unshift(chunk);
          return;
        }
        to.write(chunk);
      });
      from.on("error", () => to.destroy());
      from.on("close", () => {
        to.destroy();
        pairs.delete(pair);
      });
    }
    if (mode === "frozen") for (const s of pair) s.pause();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const each = (fn: (s: Socket) => void) => pairs.forEach((pair) => pair.forEach(fn));
  return {
    port: (server.address() as { port: number }).port,
    freeze() {
      mode = "frozen";
      each((s) => s.pause());
    },
    cut() {
      mode = "cut";
      each((s) => s.destroy());
    },
    restore() {
      mode = "open";
      each((s) => s.resume());
    },
    async close() {
      each((s) => s.destroy());
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
