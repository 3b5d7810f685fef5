"use client";

import { useState } from "react";
import { TOPUP_PACKS } from "@/lib/credits/schemas";
import { useAccount } from "../account";
import { ConsoleApiError, api } from "../api";
import { LedgerTable } from "../credits/ledger-table";
import { formatNumber } from "../format";
import { describeError } from "../messages";
import type { Credits } from "../types";
import { Button } from "../ui/button";
import { DataGate } from "../ui/data-gate";
import { Card, PageHeader } from "../ui/layout-parts";
import { Notice } from "../ui/notice";
import { useApiData } from "../use-api-data";

type Result = { tone: "success" | "error"; text: string } | null;

/** `/console/credits`: balance, 30-day spend, the four packs and the ledger. */
export function CreditsPage() {
  const { account, setAccount, refresh } = useAccount();
  const credits = useApiData<Credits>("/v1/dashboard/credits");
  const [buying, setBuying] = useState<number | null>(null);
  const [result, setResult] = useState<Result>(null);

  async function topUp(amount: number) {
    setBuying(amount);
    setResult(null);
    try {
      const next = await api.post<Credits>("/v1/dashboard/credits/topup", { amount });
      credits.setData(next);
      // The top bar's balance changes in the same render; then /v1/auth/me confirms it.
      setAccount({ ...account, tenant: { ...account.tenant, credits: next.balance } });
      setResult({ tone: "success", text: `Added ${formatNumber(amount)} credits. Your balance is now ${formatNumber(next.balance)} credits.` });
      await refresh();
    } catch (err) {
      const error = err instanceof ConsoleApiError ? err : new ConsoleApiError(0, "network", String(err));
      setResult({ tone: "error", text: `No credits were added. ${describeError(error, { invalid_request: "That pack is not on offer. Reload the page and pick one of the four packs." })}` });
    } finally {
      setBuying(null);
    }
  }

  return (
    <>
      <PageHeader title="Credits" intro="One credit is spent per scanned document, test or live, whatever its page count. Opening a session is free." />
      <DataGate state={credits} what="your credits">
        {(c) => (
          <>
            <Card>
              <dl className="c-stats">
                <div className="c-stat">
                  <dt className="c-stat__label">Balance</dt>
                  <dd className="c-stat__value" data-testid="credits-balance">
                    {formatNumber(c.balance)}
                  </dd>
                </div>
                <div className="c-stat">
                  <dt className="c-stat__label">Spent in the last 30 days</dt>
                  <dd className="c-stat__value" data-testid="credits-spent">
                    {formatNumber(c.spent_30d)}
                  </dd>
                </div>
              </dl>
            </Card>
            <Card title="Top up" titleId="top-up">
              <p className="c-muted">No card is charged: in this version a top-up stands in for a checkout and adds the credits at once.</p>
              <ul className="c-packs">
                {TOPUP_PACKS.map((amount) => (
                  <li key={amount} className="c-pack">
                    <span>
                      <span className="c-pack__amount">{formatNumber(amount)}</span> <span className="c-muted">credits</span>
                    </span>
                    <Button onClick={() => void topUp(amount)} busy={buying === amount} busyLabel="Adding…" disabled={buying !== null}>
                      Add<span className="c-visually-hidden"> {formatNumber(amount)} credits</span>
                    </Button>
                  </li>
                ))}
              </ul>
              <Notice tone="success" testId="topup-result">
                {result?.tone === "success" && result.text}
              </Notice>
              <Notice tone="error" testId="topup-error">
                {result?.tone === "error" && result.text}
              </Notice>
            </Card>
            <Card title="Ledger" titleId="ledger">
              <LedgerTable ledger={c.ledger} />
            </Card>
          </>
        )}
      </DataGate>
    </>
  );
}
