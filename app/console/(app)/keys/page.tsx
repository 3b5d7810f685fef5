import type { Metadata } from "next";
import { KeysPage } from "@/console/pages/keys-page";
import { config } from "@/lib/config";
import { guideSnippet, PUBLISHABLE_KEY_PLACEHOLDER } from "@/lib/guides/guides";

export const metadata: Metadata = { title: "API keys" };

/** The embed example comes from the served guide (docs/guides/embedding.md), the one source; the page fills in the key. */
export default function Page() {
  return <KeysPage embed={{ template: guideSnippet("embed-page", { baseUrl: config().publicBaseUrl }), placeholder: PUBLISHABLE_KEY_PLACEHOLDER }} />;
}
