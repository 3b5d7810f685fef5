"use client";

import { usePathname, useRouter } from "next/navigation";
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { api, ConsoleApiError, UNAUTHORIZED_EVENT } from "./api";
import { describeError } from "./messages";
import { loginPathFor } from "./return-path";
import { applyTheme } from "./theme";
import type { Account } from "./types";
import { Button } from "./ui/button";
import { Loading } from "./ui/layout-parts";
import { Notice } from "./ui/notice";

interface AccountState {
  account: Account;
  /** Re-reads `/v1/auth/me` (balance, allowlist) after a change elsewhere. */
  refresh: () => Promise<void>;
  setAccount: (account: Account) => void;
}

const AccountContext = createContext<AccountState | null>(null);

export function useAccount(): AccountState {
  const state = useContext(AccountContext);
  if (!state) throw new Error("useAccount needs an <AccountProvider>");
  return state;
}

/**
 * Loads the signed-in account for every console page. Any `401 unauthorized`, from this
 * read or from any later call, sends the owner to log-in with the page to return to.
 */
export function AccountProvider({ children }: { children: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const [account, setAccountState] = useState<Account | null>(null);
  const [error, setError] = useState<ConsoleApiError | null>(null);

  const setAccount = useCallback((next: Account) => {
    setAccountState(next);
    applyTheme(next.user.theme_mode);
  }, []);
  const refresh = useCallback(async () => {
    try {
      setAccount(await api.get<Account>("/v1/auth/me"));
      setError(null);
    } catch (err) {
      if (err instanceof ConsoleApiError && err.code !== "unauthorized") setError(err);
    }
  }, [setAccount]);

  useEffect(() => {
    void refresh();
  }, [refresh]);
  useEffect(() => {
    const toLogin = () => {
      setAccountState(null);
      router.replace(loginPathFor(window.location.pathname + window.location.search));
    };
    window.addEventListener(UNAUTHORIZED_EVENT, toLogin);
    return () => window.removeEventListener(UNAUTHORIZED_EVENT, toLogin);
  }, [router, pathname]);

  if (!account) {
    return error ? (
      <div className="c-center">
        <Notice tone="error">{describeError(error)}</Notice>
        <Button onClick={() => void refresh()}>Try again</Button>
      </div>
    ) : (
      <div className="c-center">
        <Loading what="your account" />
      </div>
    );
  }
  return <AccountContext.Provider value={{ account, refresh, setAccount }}>{children}</AccountContext.Provider>;
}
