import { z } from "zod";

/** An id as the database gives them: any UUID, whatever its version. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Spec §5: name-like text allows only letters, digits and spaces. */
export const NAME_LIKE_PATTERN = /^[\p{L}\p{M}0-9 ]+$/u;
export const NAME_MAX_LENGTH = 50;

/**
 * A required name-like field, trimmed. `label` is how messages name it ('First name' gives
 * 'First name is required', 'First name may contain only letters, digits and spaces', ...).
 */
export function requiredNameLike(label: string, max = NAME_MAX_LENGTH) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .regex(NAME_LIKE_PATTERN, `${label} may contain only letters, digits and spaces`);
}

/** An optional name-like field: missing, null or blank all mean "none" (null). */
export function optionalNameLike(label: string, max = NAME_MAX_LENGTH) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => value === "" || NAME_LIKE_PATTERN.test(value), {
      message: `${label} may contain only letters, digits and spaces`,
    })
    .nullish()
    .transform((value) => (value ? value : null));
}

/**
 * Characters no text field accepts: NUL (PostgreSQL text cannot hold it) and lone UTF-16
 * surrogates (not Unicode; jsonb refuses them). A valid surrogate pair (an emoji) is one code point
 * under the `u` flag and passes.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this rule refuses.
const DISALLOWED_CHARACTERS = /[\u0000\p{Cs}]/u;

export const disallowedTextMessage = (label: string) => `${label} contains characters that are not allowed`;

/** 'firstName' gives 'First name', 'rows.3.cost_center' gives 'Cost center'. */
export function fieldLabel(field: string): string {
  const last = field
    .split(".")
    .filter((part) => !/^\d+$/.test(part))
    .pop();
  if (!last) return "Text";
  const words = last
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim()
    .toLowerCase();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : "Text";
}

/**
 * The one text rule every input obeys, applied at the edge to whole request bodies and GraphQL
 * arguments: the path ('input.subject', 'rows.3.name') of the first string (or object key) holding a
 * disallowed character, or undefined when all text is allowed.
 */
export function findDisallowedText(value: unknown, path: string[] = []): string[] | undefined {
  if (typeof value === "string") return DISALLOWED_CHARACTERS.test(value) ? path : undefined;
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (DISALLOWED_CHARACTERS.test(key)) return [...path, "key"];
    const found = findDisallowedText(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}
