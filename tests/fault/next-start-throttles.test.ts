/**
 * Under `next start` (no scripts/server.mjs in front to write the peer-address header), no
 * client header decides the address the throttles count by. Invariants: login guesses
 * against one email stop at the pair limit however the client rotates
 * `x-docscan-peer-address` or `X-Forwarded-For`; signup is throttled there too.
 */
import { describe, expect, it } from "vitest";
import { awayFromWindowEdge } from "../support/window-edge";
import { useAppServer } from "./support/use-app-server";

const server = useAppServer({ entry: "next" });

describe("security", () => {
  it("rotating x-docscan-peer-address and X-Forwarded-For: wrong passwords for one email reach 429 after 10", async () => {
    await awayFromWindowEdge(15 * 60_000, 60_000);
    const { email } = await server.account();
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const forged = { "x-docscan-peer-address": `10.1.0.${i}`, "x-forwarded-for": `10.2.0.${i}` };
      statuses.push((await server.api("POST", "/v1/auth/login", { email, password: "wrong password!" }, forged)).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
  });

  it("signup is throttled without a known client address, whatever headers the client sends", async () => {
    await awayFromWindowEdge(15 * 60_000, 60_000);
    const statuses: number[] = [];
    // One account was made by the test above; the shared cap is 50 a window.
    for (let i = 1; i <= 51; i++) {
      const forged = { "x-docscan-peer-address": `10.3.0.${i}`, "x-forwarded-for": `10.4.0.${i}` };
      statuses.push((await server.api("POST", "/v1/auth/signup", { email: `n5-${Date.now()}-${i}@example.com`, password: "correct horse battery" }, forged)).status);
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(1);
    expect(statuses.filter((s) => s !== 201 && s !== 429)).toEqual([]);
  }, 120_000);
});
