import { en, type Strings } from "./en";
import { de } from "./de";
import { fr } from "./fr";
import { es } from "./es";
import { it } from "./it";
import { nl } from "./nl";
import { pt } from "./pt";

export type { Strings };
export type StringKey = keyof Strings;

/** The locales of DESIGN "Settled gaps"; each has a complete table. */
export const TABLES = { en, de, fr, es, it, nl, pt } as const;
export type Locale = keyof typeof TABLES;
export const LOCALES = Object.keys(TABLES) as Locale[];

export function isLocale(v: unknown): v is Locale {
  return typeof v === "string" && Object.hasOwn(TABLES, v);
}

/** A translator for one locale: `t("pageN", { n: 2 })` fills `{n}`. */
export type Translate = (key: StringKey, vars?: Record<string, string | number>) => string;

export function translator(locale: Locale): Translate {
  const table: Strings = TABLES[locale] ?? en;
  return (key, vars) => table[key].replace(/\{(\w+)\}/g, (m, name: string) => (vars && name in vars ? String(vars[name]) : m));
}
