import bcrypt from "bcryptjs";
import { describe, expect, it } from "vitest";
import { hashPassword, verifyPassword } from "@/lib/accounts/password";

// The service suite hashes at a lower cost (tests/support/setup.ts); what the code asks for is production's.
const asked = () => (globalThis as { bcryptCostsAsked?: number[] }).bcryptCostsAsked ?? [];

describe("password hashing", () => {
  it("asks bcrypt for cost 10, for stored hashes and for the unknown-email dummy", async () => {
    const before = asked().length;
    const stored = await hashPassword("correct horse battery");
    expect(bcrypt.getRounds(stored)).toBeGreaterThan(0);
    expect(asked().slice(before)).toEqual([10]);
    // The dummy hash for unknown emails is made once, when the module loads.
    expect(asked().slice(0, before)).toEqual(Array(before).fill(10));
    expect(before).toBeGreaterThan(0);
  });

  it("verifies the right password only; an unknown email (no hash) never passes", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", stored)).toBe(true);
    expect(await verifyPassword("correct horse batterY", stored)).toBe(false);
    expect(await verifyPassword("correct horse battery", undefined)).toBe(false);
  });

  it("counts every character of a passphrase longer than bcrypt's 72 bytes", async () => {
    const long = "x".repeat(100);
    const stored = await hashPassword(long);
    expect(await verifyPassword(`${long.slice(0, 99)}y`, stored)).toBe(false);
  });
});
