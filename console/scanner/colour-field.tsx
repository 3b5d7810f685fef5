import { parseColour } from "@/scanner/colour";
import { FieldShell } from "../ui/field";

interface ColourFieldProps {
  label: string;
  value: string;
  error?: string;
  /** Shown in the swatch while the typed text is not (yet) a colour. */
  fallback: string;
  onChange: (value: string) => void;
}

/**
 * A colour as text (`#rgb`, `#rrggbb` or `rgb(r g b)`, the forms the API accepts) beside the
 * browser's colour picker, which only speaks `#rrggbb`. The text field is the one that counts
 * and carries the label and the error; the picker is a shortcut that writes into it.
 */
export function ColourField({ label, value, error, fallback, onChange }: ColourFieldProps) {
  const swatch = toHex(value) ?? toHex(fallback) ?? "#000000";
  return (
    <FieldShell label={label} error={error} hint="#rgb, #rrggbb or rgb(r g b), or pick one.">
      {({ id, describedBy, invalid }) => (
        <div className="c-colour">
          <input
            type="color"
            aria-label={`${label}: colour picker`}
            value={swatch}
            onChange={(e) => onChange(e.target.value)}
          />
          <input
            id={id}
            type="text"
            inputMode="text"
            autoComplete="off"
            spellCheck={false}
            className="c-mono"
            value={value}
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            onChange={(e) => onChange(e.target.value)}
          />
        </div>
      )}
    </FieldShell>
  );
}

/** `#rrggbb` for any colour form the scanner reads, or null when the text is not a colour. */
function toHex(value: string): string | null {
  const rgb = parseColour(value);
  return rgb ? `#${rgb.map((c) => c.toString(16).padStart(2, "0")).join("")}` : null;
}
