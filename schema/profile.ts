import { z } from "zod";
import { optionalNameLike, requiredNameLike } from "./text";

/** The profile form (/user/profile): the signed-in person's own names. */
export const profileSchema = z.object({
  firstName: requiredNameLike("First name"),
  middleName: optionalNameLike("Middle name"),
  lastName: requiredNameLike("Last name"),
});

/** What the form holds (middle name may be blank) and what the server stores (blank becomes null). */
export type ProfileFormValues = z.input<typeof profileSchema>;
export type ProfileInput = z.output<typeof profileSchema>;
