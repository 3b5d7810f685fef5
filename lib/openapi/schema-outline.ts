/**
 * A JSON Schema (as the OpenAPI document holds it) read as an outline for the reference page:
 * one row per field with its type in words, whether it is required, its description and
 * its limits, and the rows of what it contains.
 */
type Json = Record<string, unknown>;

export interface OutlineRow {
  name: string;
  type: string;
  required: boolean;
  description?: string;
  limits: string[];
  children: OutlineRow[];
}

export interface SchemaOutline {
  type: string;
  description?: string;
  rows: OutlineRow[];
}

/** Resolves `#/components/schemas/X` references against the document. */
export function outlineSchema(schema: unknown, components: Record<string, unknown>): SchemaOutline {
  const s = resolve(schema, components);
  return { type: typeOf(s, components), description: str(s.description), rows: rowsOf(s, components, 0) };
}

function resolve(schema: unknown, components: Record<string, unknown>): Json {
  const s = (schema ?? {}) as Json;
  const ref = str(s.$ref);
  if (ref?.startsWith("#/components/schemas/")) return { ...resolve(components[ref.slice(21)], components), ...omit(s, "$ref") };
  return s;
}

/** Formats a reader needs to know; zod's own (`starts_with`, ...) are restated by `pattern`. */
const SHOWN_FORMATS = new Set(["date-time", "date", "email", "uri", "binary"]);

const omit = (s: Json, key: string) => Object.fromEntries(Object.entries(s).filter(([k]) => k !== key));
const str = (v: unknown) => (typeof v === "string" ? v : undefined);

/** The non-null alternatives of an `anyOf`, and whether null is one. */
function alternatives(s: Json, components: Record<string, unknown>): { options: Json[]; nullable: boolean } {
  const list = ((s.anyOf ?? s.oneOf) as unknown[] | undefined)?.map((o) => resolve(o, components)) ?? [s];
  return { options: list.filter((o) => o.type !== "null"), nullable: list.some((o) => o.type === "null") || (Array.isArray(s.type) && s.type.includes("null")) };
}

function typeOf(schema: Json, components: Record<string, unknown>): string {
  const { options, nullable } = alternatives(schema, components);
  const words = options.map((s) => {
    if (s.const !== undefined) return JSON.stringify(s.const);
    if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
    const type = Array.isArray(s.type) ? s.type.filter((t) => t !== "null").join(" | ") : str(s.type);
    if (type === "array") return `array of ${typeOf(resolve(s.items, components), components)}`;
    if (type === "object" && !s.properties && s.additionalProperties && typeof s.additionalProperties === "object") return "object (any keys)";
    const format = SHOWN_FORMATS.has(str(s.format) ?? "") ? str(s.format) : undefined;
    return type ? (format ? `${type} (${format})` : type) : "any JSON";
  });
  return [...words, ...(nullable ? ["null"] : [])].join(" or ") || "any JSON";
}

function limitsOf(s: Json): string[] {
  const limits: string[] = [];
  // zod states every int's safe range and every format's regex; neither tells a reader anything.
  const noise = (key: string) => Math.abs(Number(s[key])) === Number.MAX_SAFE_INTEGER || (key === "pattern" && SHOWN_FORMATS.has(str(s.format) ?? ""));
  const add = (key: string, words: string) => s[key] !== undefined && !noise(key) && limits.push(`${words} ${String(s[key])}`);
  add("minLength", "min length");
  add("maxLength", "max length");
  add("minimum", "≥");
  add("maximum", "≤");
  add("minItems", "min items");
  add("maxItems", "max items");
  add("pattern", "matches");
  add("default", "default");
  return limits;
}

function rowsOf(schema: Json, components: Record<string, unknown>, depth: number): OutlineRow[] {
  if (depth > 6) return [];
  const { options } = alternatives(schema, components);
  const s = options[0] ?? schema;
  const target = s.type === "array" ? resolve(s.items, components) : s;
  const props = target.properties as Record<string, unknown> | undefined;
  if (!props) return [];
  const required = new Set((target.required as string[] | undefined) ?? []);
  return Object.entries(props).map(([name, raw]) => {
    const field = resolve(raw, components);
    const first = alternatives(field, components).options[0] ?? field;
    return {
      name,
      type: typeOf(field, components),
      required: required.has(name),
      description: str(field.description) ?? str(first.description),
      limits: limitsOf(first),
      children: rowsOf(field, components, depth + 1),
    };
  });
}
