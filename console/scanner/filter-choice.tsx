import { useId } from "react";
import { FILTERS, type Filter } from "@/scanner/contract";
import { FILTER_WORDS } from "./filter-words";

interface FilterChoiceProps {
  value: string;
  error?: string;
  onChange: (filter: Filter) => void;
}

/** `options.filter` as four radio cards, each with the one line that says what it does to a page. */
export function FilterChoice({ value, error, onChange }: FilterChoiceProps) {
  const id = useId();
  return (
    <fieldset className={error ? "c-fieldset c-choices c-field--invalid" : "c-fieldset c-choices"} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>Page filter</legend>
      {FILTERS.map((filter) => (
        <div key={filter} className="c-choice">
          <input
            type="radio"
            id={`${id}-${filter}`}
            name={`${id}-filter`}
            value={filter}
            checked={value === filter}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${id}-${filter}-hint`}
            onChange={() => onChange(filter)}
          />
          <span>
            <label htmlFor={`${id}-${filter}`}>{FILTER_WORDS[filter].label}</label>
            <span id={`${id}-${filter}-hint`} className="c-muted">
              {FILTER_WORDS[filter].explain}
            </span>
          </span>
        </div>
      ))}
      {error && (
        <p id={`${id}-error`} className="c-field__error">
          Page filter {error}
        </p>
      )}
    </fieldset>
  );
}
