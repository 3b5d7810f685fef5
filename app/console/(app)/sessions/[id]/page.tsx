import type { Metadata } from "next";
import { SessionDetailPage } from "@/console/pages/session-detail-page";

export const metadata: Metadata = { title: "Session" };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return <SessionDetailPage id={id} />;
}
