import type { Metadata } from "next";
import { ScannerApp } from "@/scanner/ui/scanner-app";
import "./scan.css";

export const metadata: Metadata = {
  title: "Scan a document",
  // The URL carries the client token: never send it on as a referrer.
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export const dynamic = "force-static";

/** The hosted scanner: a static shell; everything runs in the client app. */
export default function ScanPage() {
  return <ScannerApp />;
}
