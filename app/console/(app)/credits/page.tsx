import type { Metadata } from "next";
import { CreditsPage } from "@/console/pages/credits-page";

export const metadata: Metadata = { title: "Credits" };

export default function Page() {
  return <CreditsPage />;
}
