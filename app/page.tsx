import type { Metadata } from "next";
import { cookies } from "next/headers";
import Link from "next/link";
import { redirect } from "next/navigation";
import { isThemeMode, THEME_COOKIE } from "@/console/theme";
import "@/console/console.css";

export const metadata: Metadata = {
  title: "docscan: phone-camera document scanning for any web form",
  description: "Add a document scanner to your web form with one script tag: live edge detection, perspective correction, a PDF and a signed webhook.",
};

/**
 * Signed out: what the service is, with sign-up and log-in. A visitor with a console
 * cookie goes straight to the overview (which sends a stale cookie on to log-in).
 */
export default async function LandingPage() {
  const jar = await cookies();
  if (jar.has("sc_session")) redirect("/console");
  const theme = jar.get(THEME_COOKIE)?.value;
  return (
    <div className="c-root" data-console-root="" data-theme={isThemeMode(theme) ? theme : "auto"}>
      <main className="c-landing">
        <p className="c-landing__brand">docscan</p>
        <h1>A document scanner for your web form, in one script tag</h1>
        <p className="c-landing__lead">
          Your users point their phone camera at a page. docscan finds its edges live, straightens it and hands your server a
          clean PDF, with a signed webhook and a download link. On a desktop, a QR code moves the scan to the phone.
        </p>
        <div className="c-actions">
          <Link className="c-btn c-btn--primary" href="/console/signup">
            Create a free account
          </Link>
          <Link className="c-btn c-btn--secondary" href="/console/login">
            Log in
          </Link>
          <a className="c-btn c-btn--ghost" href="/demo">
            Try the demo
          </a>
          <a className="c-btn c-btn--ghost" href="/docs">
            Guides and API reference
          </a>
        </div>
        <ul className="c-landing__points">
          <li>
            <strong>250 free credits.</strong> One credit per scanned document; pages are free.
          </li>
          <li>
            <strong>Embed in minutes.</strong> Create a session on your server, open the scanner with <code>/launcher.js</code>:{" "}
            <a href="/docs/guides/embedding">the embedding guide</a>.
          </li>
          <li>
            <strong>Yours to style.</strong> Colours, brand name, language and watermark per scanner profile.
          </li>
        </ul>
      </main>
    </div>
  );
}
