/** A value or a typed failure; adapters and command handlers return these instead of throwing. */
export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

/** Wraps a success value. */
export const ok = <T>(value: T): Result<T, never> => ({ ok: true, value });

/** Wraps a failure value. */
export const err = <E>(error: E): Result<never, E> => ({ ok: false, error });
