import type { ReactNode } from "react";
import { AccountProvider } from "@/console/account";
import { ConsoleShell } from "@/console/shell";

/** The signed-in console: the account is loaded once here, for every page below. */
export default function SignedInLayout({ children }: { children: ReactNode }) {
  return (
    <AccountProvider>
      <ConsoleShell>{children}</ConsoleShell>
    </AccountProvider>
  );
}
