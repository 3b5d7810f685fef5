/**
 * Real HTTP webhook receivers for tests: `node:http` servers on 127.0.0.1 random ports that
 * record every request (raw body bytes, headers) and answer according to a mode.
 */
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll } from "vitest";

export type ReceiverMode =
  | { kind: "status"; status: number; body?: string }
  | { kind: "slow"; delayMs: number }
  | { kind: "redirect"; location: string }
  | { kind: "huge"; bytes: number };

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: Buffer;
  at: number;
}

export interface Receiver {
  url: string;
  requests: ReceivedRequest[];
  /** Change how later requests are answered. */
  setMode(mode: ReceiverMode): void;
  close(): Promise<void>;
}

export async function startReceiver(mode: ReceiverMode = { kind: "status", status: 200 }): Promise<Receiver> {
  let current = mode;
  const requests: ReceivedRequest[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      requests.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers, rawBody: Buffer.concat(chunks), at: Date.now() });
      const m = current;
      if (m.kind === "status") res.writeHead(m.status, { "Content-Type": "text/plain" }).end(m.body ?? "ok");
      else if (m.kind === "redirect") res.writeHead(302, { Location: m.location }).end();
      else if (m.kind === "huge") res.writeHead(200, { "Content-Type": "text/plain" }).end(Buffer.alloc(m.bytes, 120));
      else setTimeout(() => res.writeHead(200).end("late"), m.delayMs).unref();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    setMode: (m) => {
      current = m;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A URL on a port where nothing listens (a server was bound there and closed). */
export async function refusedUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}

/**
 * A receiver for one test file (or describe block): started before its tests, closed after.
 * Its members work inside tests and hooks, once it has started.
 */
export function useReceiver(mode?: ReceiverMode): Receiver {
  let current: Receiver | undefined;
  beforeAll(async () => {
    current = await startReceiver(mode);
  });
  afterAll(() => current?.close());
  const started = (): Receiver => {
    if (!current) throw new Error("the receiver has not started yet (use it inside a test or hook)");
    return current;
  };
  return {
    get url() {
      return started().url;
    },
    get requests() {
      return started().requests;
    },
    setMode: (next) => started().setMode(next),
    close: () => started().close(),
  };
}
