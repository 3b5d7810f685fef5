"use client";
import { useId } from "react";
import { FILTERS, type Filter, type PageWarning } from "../contract";
import type { StringKey, Translate } from "../i18n";
import type { PagePreview } from "./use-page-preview";

const FILTER_NAMES: Record<Filter, StringKey> = {
  auto: "filterAuto",
  grayscale: "filterGrayscale",
  bw: "filterBw",
  original: "filterOriginal",
};

const PROMPTS: Record<PageWarning, StringKey> = {
  blurry: "promptBlurry",
  dark: "promptDark",
  glare: "promptGlare",
  low_resolution: "promptSmall",
};

/** The page's filter: a row of native radio buttons styled as a segmented control. */
export function FilterChoice({ t, value, onChange }: { t: Translate; value: Filter; onChange(f: Filter): void }) {
  const name = useId();
  return (
    <fieldset className="ds-filter">
      <legend className="ds-filter-legend">{t("filterLabel")}</legend>
      {FILTERS.map((f) => (
        <label key={f} className="ds-seg">
          <input type="radio" name={name} value={f} checked={value === f} onChange={() => onChange(f)} />
          <span>{t(FILTER_NAMES[f])}</span>
        </label>
      ))}
    </fieldset>
  );
}

/**
 * The preview's thumbnail; pressing it shows the preview over the still (and again hides it).
 * Its slot has a fixed size, so the stage above keeps its size when the first preview arrives.
 */
export function PreviewToggle({ t, preview, open, onToggle }: { t: Translate; preview: PagePreview; open: boolean; onToggle(): void }) {
  return (
    <button type="button" className="ds-preview-thumb" aria-pressed={open} aria-busy={!preview.url} disabled={!preview.url}
      onClick={onToggle} data-preview-count={preview.count}>
      <span className="ds-preview-slot">{preview.url && <img src={preview.url} alt="" data-filter={preview.filter ?? undefined} />}</span>
      <span>{t("preview")}</span>
    </button>
  );
}

/** The preview at the stage's size, over the still (the handles underneath are inert meanwhile). */
export function PreviewView({ t, preview }: { t: Translate; preview: PagePreview }) {
  if (!preview.url) return null;
  return <img className="ds-preview-full" src={preview.url} alt={t("previewAlt")} data-filter={preview.filter ?? undefined} />;
}

/**
 * What is wrong with the capture, laid over the top of the editor (it arrives with the first
 * preview, and must not move the still and its handles); Retake is then the primary action.
 */
export function CapturePrompt({ t, warnings }: { t: Translate; warnings: PageWarning[] }) {
  if (warnings.length === 0) return null;
  return (
    <div className="ds-prompt" role="alert" data-warnings={warnings.join(" ")}>
      {warnings.map((w) => <p key={w}>{t(PROMPTS[w])}</p>)}
    </div>
  );
}
