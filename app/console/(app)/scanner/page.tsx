import type { Metadata } from "next";
import { ScannerPage } from "@/console/pages/scanner-page";

export const metadata: Metadata = { title: "Scanner" };

export default function Page() {
  return <ScannerPage />;
}
