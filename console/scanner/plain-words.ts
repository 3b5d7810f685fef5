/**
 * zod's default wording for numbers ("Too big: expected number to be <=32") as an owner
 * reads it ("must be at most 32"). The API sends the same defaults, so both go through here.
 * Messages the schema words itself pass through unchanged.
 */
const REWRITES: [RegExp, string][] = [
  [/^Too big: expected number to be <=\s*(.+)$/, "must be at most $1"],
  [/^Too small: expected number to be >=\s*(.+)$/, "must be at least $1"],
  [/^Too big: expected number to be <\s*(.+)$/, "must be less than $1"],
  [/^Too small: expected number to be >\s*(.+)$/, "must be more than $1"],
  [/expected int, received number$/, "must be a whole number"],
  [/expected number, received \w+$/, "must be a number"],
  [/^is required when watermark\.enabled is true$/, "is required while the watermark is on"],
];

export function plainWords(message: string): string {
  for (const [pattern, words] of REWRITES) if (pattern.test(message)) return message.replace(pattern, words);
  return message;
}
