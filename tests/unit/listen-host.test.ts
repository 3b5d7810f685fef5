import { describe, expect, it } from "vitest";
import { isLoopbackHost, listenHost } from "@/scripts/listen-host.mjs";

describe("the address npm start listens on (HOST)", () => {
  it("embedded defaults: loopback only, so the delivery log cannot be used to read this machine's loopback from the network", () => {
    expect(listenHost({})).toBe("127.0.0.1");
    expect(isLoopbackHost(listenHost({}))).toBe(true);
  });

  it("hosted (a database URL, or Vercel): every interface", () => {
    expect(listenHost({ DATABASE_URL: "postgres://db/x" })).toBeUndefined();
    expect(listenHost({ POSTGRES_URL: "postgres://db/x" })).toBeUndefined();
    expect(listenHost({ VERCEL: "1" })).toBeUndefined();
    expect(isLoopbackHost(undefined)).toBe(false);
  });

  it("HOST decides when set: 0.0.0.0 opens an embedded install to a phone on the LAN", () => {
    expect(listenHost({ HOST: "0.0.0.0" })).toBe("0.0.0.0");
    expect(isLoopbackHost("0.0.0.0")).toBe(false);
    expect(listenHost({ HOST: "127.0.0.1", DATABASE_URL: "postgres://db/x" })).toBe("127.0.0.1");
    expect(isLoopbackHost("::1")).toBe(true);
  });
});
