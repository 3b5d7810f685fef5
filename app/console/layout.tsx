import type { Metadata } from "next";
import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { isThemeMode, THEME_COOKIE } from "@/console/theme";
import "@/console/console.css";

export const metadata: Metadata = {
  title: { template: "%s · docscan console", default: "docscan console" },
  robots: { index: false, follow: false },
};

/**
 * Every console page (signed in or not) renders inside one themed root. The theme comes
 * from the `sc_theme` cookie so a reload paints the owner's choice at once, with no script.
 */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const saved = (await cookies()).get(THEME_COOKIE)?.value;
  return (
    <div className="c-root" data-console-root="" data-theme={isThemeMode(saved) ? saved : "auto"}>
      {children}
    </div>
  );
}
