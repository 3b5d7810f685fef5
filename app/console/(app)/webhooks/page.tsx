import type { Metadata } from "next";
import { WebhooksPage } from "@/console/pages/webhooks-page";

export const metadata: Metadata = { title: "Webhooks" };

export default function Page() {
  return <WebhooksPage />;
}
