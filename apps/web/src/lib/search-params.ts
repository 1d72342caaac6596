/**
 * Search-param parsers for routes. They live in the first-load bundle (validateSearch runs
 * before any page code is loaded), so they are plain functions rather than zod schemas.
 * Every parser falls back instead of throwing: a bad link still opens the page.
 */

/** The value when it is one of `options`, else `fallback`. */
export function oneOf<T extends string>(value: unknown, options: readonly T[], fallback: T): T {
  return options.includes(value as T) ? (value as T) : fallback;
}

/** A non-empty string, else undefined. */
export function optionalString(value: unknown): string | undefined {
  return typeof value === "string" && value.length > 0 ? value : undefined;
}

/** A whole number within [min, max] (numbers or numeric strings), else undefined. */
export function optionalInt(value: unknown, min = 1, max = Number.MAX_SAFE_INTEGER) {
  const n = typeof value === "number" ? value : typeof value === "string" ? Number(value) : NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}
