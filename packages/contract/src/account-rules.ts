// The account rules that need no schema: the console's forms import them without bringing zod along (a module
// that defines schemas calls zod at its top level, which a bundler keeps). account.ts builds its schemas on them.

export const passwordMinLength = 8;
export const passwordMaxLength = 128;

/** Spec section 5: 8 or more characters with at least two kinds among digits, letters and symbols. */
export function isStrongPassword(password: string): boolean {
  if (password.length < passwordMinLength || password.length > passwordMaxLength) return false;
  // Whitespace counts as no kind, so "abcdefg " is still one kind.
  const kinds = [/\p{Nd}/u, /\p{L}/u, /[^\p{L}\p{Nd}\s]/u].filter((kind) => kind.test(password));
  return kinds.length >= 2;
}

export const avatarTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
/** The largest picture accepted, decoded; the server stores it resized to at most 256 x 256 WebP. */
export const avatarMaxBytes = 2 * 1024 * 1024;
