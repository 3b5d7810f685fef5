"use client";

import Link from "next/link";
import { useAccount } from "../account";
import { formatNumber } from "../format";
import { Activity } from "../overview/activity";
import { GettingStarted } from "../overview/getting-started";
import { SignupSecretCard } from "../overview/signup-secret-card";
import { WebhookAlert } from "../overview/webhook-alert";
import { Card, PageHeader } from "../ui/layout-parts";

/** `/console`: balance, the getting-started checklist, and the account's sessions over a chosen window. */
export function OverviewPage() {
  const { account } = useAccount();
  return (
    <>
      <PageHeader title="Overview" intro={`${account.tenant.name}: your balance, setup and sessions at a glance.`} />
      <SignupSecretCard />
      <WebhookAlert />
      <Card>
        <div className="c-balance-card">
          <div className="c-stat">
            <span className="c-stat__label">Balance</span>
            <span className="c-stat__value" data-testid="overview-balance">
              {formatNumber(account.tenant.credits)} credits
            </span>
          </div>
          <p className="c-muted">
            One credit per scanned document. <Link href="/console/credits">Top up or see the ledger</Link>.
          </p>
        </div>
      </Card>
      <GettingStarted />
      <Activity />
    </>
  );
}
