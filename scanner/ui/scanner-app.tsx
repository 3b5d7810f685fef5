"use client";
import { useMemo, type CSSProperties } from "react";
import { isLocale, translator, type Translate } from "../i18n";
import { themeVariables } from "../settings";
import { PLATFORM_DEFAULTS } from "../contract";
import { FAILURE_TEXT } from "../upload/errors";
import { MessageScreen } from "./status-screens";
import { ScannerScreens } from "./scanner-screens";
import { useSession } from "./use-session";
import { startEarly } from "./early-start";

startEarly();

/** The hosted scanner page: loads the session, then hands over to the scanning screens. */
export function ScannerApp() {
  const session = useSession();
  const fallbackT = useMemo(() => translator(browserLocale()), []);
  if (session.status === "ready") {
    const { cfg, settings, bridge } = session;
    return (
      <Frame t={translator(settings.locale)} style={themeVariables(settings) as CSSProperties} lang={settings.locale} brand={settings.theme.brandName}>
        <ScannerScreens cfg={cfg} settings={settings} bridge={bridge} t={translator(settings.locale)} />
      </Frame>
    );
  }
  const t = fallbackT;
  return (
    <Frame t={t} style={themeVariables(PLATFORM_DEFAULTS) as CSSProperties} lang={undefined}>
      {session.status === "loading" && <MessageScreen title={t("loading")} progress={null} />}
      {session.status === "failed" && <MessageScreen tone="error" title={t("title")} body={t(FAILURE_TEXT[session.kind])} />}
      {session.status === "refused" && <MessageScreen tone="error" title={t("title")} body={t("errEmbed")} />}
    </Frame>
  );
}

function Frame({ t, style, lang, brand, children }: { t: Translate; style: CSSProperties; lang?: string; brand?: string; children: React.ReactNode }) {
  return (
    <main className="ds-app" style={style} lang={lang} aria-label={t("title")}>
      {brand && <header className="ds-brand">{brand}</header>}
      {children}
    </main>
  );
}

/** Before the session's locale is known, the browser's language when we have it. */
function browserLocale() {
  const lang = typeof navigator !== "undefined" ? navigator.language.slice(0, 2).toLowerCase() : "en";
  return isLocale(lang) ? lang : "en";
}
