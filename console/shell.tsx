"use client";

import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import { useEffect, useState, type ReactNode } from "react";
import { useAccount } from "./account";
import { api } from "./api";
import { formatNumber } from "./format";
import { LowBalanceBanner } from "./low-balance-banner";
import { Button } from "./ui/button";

export const NAV = [
  { href: "/console", label: "Overview" },
  { href: "/console/sessions", label: "Sessions" },
  { href: "/console/keys", label: "API keys" },
  { href: "/console/origins", label: "Allowed origins" },
  { href: "/console/scanner", label: "Scanner" },
  { href: "/console/webhooks", label: "Webhooks" },
  { href: "/console/credits", label: "Credits" },
  { href: "/console/settings", label: "Settings" },
] as const;

/** The signed-in frame: skip link, navigation (a disclosure menu on narrow screens), account bar. */
export function ConsoleShell({ children }: { children: ReactNode }) {
  const pathname = usePathname();
  const router = useRouter();
  const { account } = useAccount();
  const [menuOpen, setMenuOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  useEffect(() => setMenuOpen(false), [pathname]);

  async function logOut() {
    setLeaving(true);
    await api.post("/v1/auth/logout").catch(() => undefined);
    router.replace("/console/login");
  }

  return (
    <div className="c-shell">
      <a className="c-skip" href="#main">
        Skip to content
      </a>
      <header className="c-topbar">
        <Link href="/console" className="c-brand">
          docscan <span className="c-brand__sub">console</span>
        </Link>
        <button type="button" className="c-menu-toggle" aria-expanded={menuOpen} aria-controls="c-nav" onClick={() => setMenuOpen((o) => !o)}>
          Menu
        </button>
        <div className="c-account">
          <Link href="/console/credits" className="c-balance" data-testid="shell-balance">
            {formatNumber(account.tenant.credits)} credits
          </Link>
          <span className="c-account__who" title={account.user.email}>
            {account.tenant.name}
          </span>
          <Button variant="ghost" onClick={logOut} busy={leaving} busyLabel="Logging out…">
            Log out
          </Button>
        </div>
      </header>
      <nav id="c-nav" aria-label="Console" className={menuOpen ? "c-nav c-nav--open" : "c-nav"}>
        <ul>
          {NAV.map((item) => (
            <li key={item.href}>
              <Link href={item.href} aria-current={isCurrent(pathname, item.href) ? "page" : undefined}>
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
        <ul className="c-nav__extra">
          <li>
            <a href="/demo">Try the demo</a>
          </li>
          <li>
            <a href="/docs#guides">Guides</a>
          </li>
          <li>
            <a href="/docs">API reference</a>
          </li>
        </ul>
      </nav>
      <main id="main" className="c-main" tabIndex={-1}>
        <LowBalanceBanner />
        {children}
      </main>
    </div>
  );
}

function isCurrent(pathname: string, href: string): boolean {
  return href === "/console" ? pathname === "/console" : pathname === href || pathname.startsWith(`${href}/`);
}
