import { cookies } from "next/headers";
import type { ReactNode } from "react";
import { isThemeMode, THEME_COOKIE } from "@/console/theme";
import { GUIDES, guideTitle } from "@/lib/guides/guides";

/**
 * A docs page (the reference or a guide) in the console's theme: a side nav that starts with
 * the home link and the guides, then `nav`, beside the page's `main`.
 */
export async function DocsFrame({ navLabel, currentGuide, nav, children }: { navLabel: string; currentGuide?: string; nav: ReactNode; children: ReactNode }) {
  const theme = (await cookies()).get(THEME_COOKIE)?.value;
  return (
    <div className="c-root" data-console-root="" data-theme={isThemeMode(theme) ? theme : "auto"}>
      <div className="d-page">
        <nav className="d-nav" aria-label={navLabel}>
          <a className="d-nav__home" href="/">
            docscan
          </a>
          <a className="d-nav__tag" href="/docs#guides">
            Guides
          </a>
          <GuideLinks current={currentGuide} />
          {nav}
        </nav>
        {children}
      </div>
    </div>
  );
}

/** The guides as nav links (the reference page and every guide page list them). */
export function GuideLinks({ current }: { current?: string }) {
  return (
    <ul className="d-nav__ops d-nav__guides">
      {GUIDES.map((g) => (
        <li key={g.slug}>
          <a href={`/docs/guides/${g.slug}`} aria-current={g.slug === current ? "page" : undefined}>
            {guideTitle(g.slug)}
          </a>
        </li>
      ))}
    </ul>
  );
}
