"use client";
import { useEffect, useState } from "react";
import type { Translate } from "../i18n";
import { SKIP_OFFER_MS } from "./use-page-reading";
import { MessageScreen } from "./status-screens";

/**
 * The wait after "Send document" for pages whose text is still being read: which page, a
 * progress bar, and after a few seconds the choice to send without the searchable text.
 */
export function ReadingScreen({ t, read, total, onSkip }: { t: Translate; read: number; total: number; onSkip(): void }) {
  const [offered, setOffered] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setOffered(true), SKIP_OFFER_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <MessageScreen title={t("readingPage", { n: Math.min(read + 1, total), total })} body={offered ? t("readingSlow") : undefined}
      progress={Math.round((read / total) * 100)}>
      {offered && <button type="button" className="ds-btn ds-btn-secondary" onClick={onSkip}>{t("sendWithoutText")}</button>}
    </MessageScreen>
  );
}
