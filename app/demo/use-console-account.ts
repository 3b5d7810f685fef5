"use client";

import { useCallback, useEffect, useState } from "react";
import { api } from "@/console/api";
import type { Account, ApiKey } from "@/console/types";

export interface DemoAccount {
  /** The signed-in owner's first active publishable test key, if any. */
  publishableKey: string | null;
  originAllowed: boolean;
  allowOrigin: () => Promise<void>;
}

/**
 * When the visitor is signed in to the console (same origin, so the cookie comes along),
 * the demo offers their publishable key and a one-click "allow this origin". Signed out,
 * it answers null and the demo links to the console instead.
 */
export function useConsoleAccount(origin: string): DemoAccount | null {
  const [account, setAccount] = useState<Account | null>(null);
  const [keys, setKeys] = useState<ApiKey[]>([]);
  useEffect(() => {
    api.get<Account>("/v1/auth/me").then(async (me) => {
      setAccount(me);
      setKeys((await api.get<{ keys: ApiKey[] }>("/v1/dashboard/keys")).keys);
    }, () => setAccount(null));
  }, []);
  const allowOrigin = useCallback(async () => {
    await api.post("/v1/dashboard/domains", { domain: origin });
    setAccount(await api.get<Account>("/v1/auth/me"));
  }, [origin]);
  if (!account) return null;
  const key = keys.find((k) => k.kind === "publishable" && k.mode === "test" && !k.revoked_at) ?? keys.find((k) => k.kind === "publishable" && !k.revoked_at);
  return { publishableKey: key?.display ?? null, originAllowed: account.tenant.allowed_origins.includes(origin), allowOrigin };
}
