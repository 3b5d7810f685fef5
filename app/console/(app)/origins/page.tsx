import type { Metadata } from "next";
import { OriginsPage } from "@/console/pages/origins-page";

export const metadata: Metadata = { title: "Allowed origins" };

export default function Page() {
  return <OriginsPage />;
}
