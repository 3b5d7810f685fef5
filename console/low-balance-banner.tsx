"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useEffect, useState } from "react";
import { useAccount } from "./account";
import { api } from "./api";
import { formatNumber } from "./format";
import type { BalanceAlert } from "./types";

/**
 * On every console page: a warning while the balance is at or below the owner's threshold.
 * The threshold is read again on each page change (Settings may have changed it); the
 * balance is the shell's live one, so a top-up clears the warning at once.
 */
export function LowBalanceBanner() {
  const { account } = useAccount();
  const pathname = usePathname();
  const [threshold, setThreshold] = useState<number | null>(null);
  useEffect(() => {
    api.get<BalanceAlert>("/v1/dashboard/alerts").then((a) => setThreshold(a.low_balance_threshold), () => undefined);
  }, [pathname]);
  const credits = account.tenant.credits;
  if (threshold === null || threshold === 0 || credits > threshold) return null;
  return (
    <div className="c-notice c-notice--warning c-banner" role="status" data-testid="low-balance">
      <p className="c-notice__text">
        <strong>Low balance: {formatNumber(credits)} credits left.</strong> {credits === 0 ? "New sessions are refused until you top up." : "Each scanned document uses one credit."}{" "}
        <Link href="/console/credits">Top up</Link> · <Link href="/console/settings">Change the warning</Link>
      </p>
    </div>
  );
}
