import type { Metadata } from "next";
import Script from "next/script";
import { DemoClient } from "./demo-client";
import styles from "./demo.module.css";

// Rendered per request: Next puts the CSP nonce (proxy.ts) only on scripts of a page it renders then.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: "docscan demo: embed the scanner", description: "Try the docscan launcher: modal, inline and QR hand-off." };

/** Integrator playground: the launcher exactly as a customer embeds it, driven by a test key. */
export default function DemoPage() {
  return (
    <main className={styles.page}>
      <Script src="/launcher.js" strategy="afterInteractive" />
      <header className={styles.header}>
        <h1>Try the scanner</h1>
        <p>
          This page embeds <code>/launcher.js</code> the way your site will. It creates a session from the browser with a
          publishable test key, then opens the scanner in a modal, inline, or on your phone through a QR code.
        </p>
      </header>
      <DemoClient />
    </main>
  );
}
