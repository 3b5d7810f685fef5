import { LOCALES, OUTPUTS, WATERMARK_SIZES, type ScannerSettings } from "@/lib/scanner-settings/schema";
import type { FieldErrors } from "../api";
import { CheckField, SelectField, TextField } from "../ui/field";
import { ColourField } from "./colour-field";
import { FilterChoice } from "./filter-choice";
import { NumberField, TextAreaField } from "./setting-controls";
import type { Draft, SettingPath } from "./settings-draft";

const LOCALE_NAMES: Record<(typeof LOCALES)[number], string> = {
  en: "English",
  de: "Deutsch (German)",
  fr: "Français (French)",
  es: "Español (Spanish)",
  it: "Italiano (Italian)",
  nl: "Nederlands (Dutch)",
  pt: "Português (Portuguese)",
};
const SIZE_NAMES: Record<(typeof WATERMARK_SIZES)[number], string> = { sm: "Small", md: "Medium", lg: "Large" };

interface SettingsFieldsProps {
  draft: Draft;
  errors: FieldErrors;
  /** The profile's saved settings: what a colour swatch shows while its text is not a colour. */
  saved: ScannerSettings;
  set: (path: SettingPath, value: string | boolean) => void;
}

/** One control for every setting of the scanner settings object, grouped as the scanner shows them. */
export function SettingsFields({ draft, errors, saved, set }: SettingsFieldsProps) {
  const text = (path: SettingPath) => String(draft[path]);
  const on = (path: SettingPath) => draft[path] === true;
  const change = (path: SettingPath) => (value: string | boolean) => set(path, value);
  return (
    <>
      <fieldset className="c-fieldset">
        <legend>Look</legend>
        <TextField label="Brand name" value={text("theme.brandName")} error={errors["theme.brandName"]} hint="Shown at the top of the scanner, up to 40 characters. Leave empty for none." onChange={(e) => set("theme.brandName", e.target.value)} />
        <ColourField label="Accent colour" value={text("theme.accent")} error={errors["theme.accent"]} fallback={saved.theme.accent} onChange={change("theme.accent")} />
        <NumberField label="Corner radius" value={text("theme.cornerRadius")} min={0} max={32} step={1} hint="In pixels, 0 (square) to 32." error={errors["theme.cornerRadius"]} onChange={change("theme.cornerRadius")} />
        <SelectField label="Language" value={text("locale")} error={errors.locale} options={LOCALES.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))} hint="Every word the scanner shows is in this language." onChange={(e) => set("locale", e.target.value)} />
      </fieldset>
      <fieldset className="c-fieldset">
        <legend>Capture</legend>
        <NumberField label="Most pages per document" value={text("options.maxPages")} min={1} max={50} step={1} hint="A whole number from 1 to 50." error={errors["options.maxPages"]} onChange={change("options.maxPages")} />
        <SelectField label="Output" value={text("options.output")} error={errors["options.output"]} options={OUTPUTS.map((o) => ({ value: o, label: o.toUpperCase() }))} hint="The scanner delivers one PDF per session." onChange={(e) => set("options.output", e.target.value)} />
        <FilterChoice value={text("options.filter")} error={errors["options.filter"] ?? errors["options.grayscale"]} onChange={change("options.filter")} />
        <CheckField label="Show the flash (torch) button" checked={on("options.showFlash")} error={errors["options.showFlash"]} hint="Only on phones whose camera has a torch." onChange={change("options.showFlash")} />
        <CheckField label="Show the zoom control" checked={on("options.showZoom")} error={errors["options.showZoom"]} onChange={change("options.showZoom")} />
        <CheckField label="Show the A4 framing hint" checked={on("options.showA4Hint")} error={errors["options.showA4Hint"]} onChange={change("options.showA4Hint")} />
        <CheckField label="Make the PDF searchable (text recognition)" checked={on("options.ocr")} error={errors["options.ocr"]} hint="Reads each page's words in the scanner's language (and English) and lays them invisibly over the image. Adds about 3 MB to the first download and a few seconds per page on the phone." onChange={change("options.ocr")} />
      </fieldset>
      <fieldset className="c-fieldset">
        <legend>Watermark</legend>
        <CheckField label="Stamp a watermark on every page" checked={on("watermark.enabled")} error={errors["watermark.enabled"]} hint="Needs a text below." onChange={change("watermark.enabled")} />
        <TextField label="Watermark text" value={text("watermark.text")} error={errors["watermark.text"]} hint="1 to 40 characters, for example COPY." onChange={(e) => set("watermark.text", e.target.value)} />
        <ColourField label="Watermark colour" value={text("watermark.color")} error={errors["watermark.color"]} fallback={saved.watermark.color} onChange={change("watermark.color")} />
        <NumberField label="Watermark opacity" value={text("watermark.opacity")} min={0.05} max={1} step={0.01} hint="From 0.05 (faint) to 1 (solid)." error={errors["watermark.opacity"]} onChange={change("watermark.opacity")} />
        <SelectField label="Watermark size" value={text("watermark.size")} error={errors["watermark.size"]} options={WATERMARK_SIZES.map((s) => ({ value: s, label: SIZE_NAMES[s] }))} onChange={(e) => set("watermark.size", e.target.value)} />
      </fieldset>
      <fieldset className="c-fieldset">
        <legend>When the document is sent</legend>
        <TextAreaField label="Completion message" value={text("completion.message")} error={errors["completion.message"]} maxChars={280} hint="Shown to the person once their document is sent. Leave empty for the scanner's own words." onChange={change("completion.message")} />
      </fieldset>
    </>
  );
}
