import { z } from "zod";

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
