import type { Metadata } from "next";
import { WebhooksPage } from "@/console/pages/webhooks-page";
import { config } from "@/lib/config";
import { guideSnippet } from "@/lib/guides/guides";

export const metadata: Metadata = { title: "Webhooks" };

/** The receiver snippets come from the served guide (docs/guides/receiving-webhooks.md), the one source. */
export default function Page() {
  const values = { baseUrl: config().publicBaseUrl };
  const snippets = {
    verify: guideSnippet("verify-signature", values),
    express: guideSnippet("express", values),
    nodeHttp: guideSnippet("node-http", values),
    fetch: guideSnippet("fetch-handler", values),
    python: guideSnippet("python", values),
  };
  return <WebhooksPage snippets={snippets} />;
}
