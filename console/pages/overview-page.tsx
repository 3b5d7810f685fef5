"use client";

import { useAccount } from "../account";
import { PageHeader } from "../ui/layout-parts";

export function OverviewPage() {
  const { account } = useAccount();
  return <PageHeader title="Overview" intro={`Balance: ${account.tenant.credits} credits`} />;
}
