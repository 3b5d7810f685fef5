import { en, type Strings } from "./en";
import { de } from "./de";
import { fr } from "./fr";
import { es } from "./es";
import { it } from "./it";
import { nl } from "./nl";
import { pt } from "./pt";
import { LOCALES, type Locale } from "../contract";

export type { Strings };
export type StringKey = keyof Strings;

/** One complete table per locale of the contract: adding a locale there fails to compile until it has one. */
export const TABLES: Readonly<Record<Locale, Strings>> = { en, de, fr, es, it, nl, pt };
export { LOCALES, type Locale };

export function isLocale(v: unknown): v is Locale {
  return typeof v === "string" && (LOCALES as readonly string[]).includes(v);
}

/** A translator for one locale: `t("pageN", { n: 2 })` fills `{n}`. */
export type Translate = (key: StringKey, vars?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  const table: Strings = TABLES[locale] ?? en;
  return (key, vars) => table[key].replace(/\{(\w+)\}/g, (m, name: string) => (vars && name in vars ? String(vars[name]) : m));
}
