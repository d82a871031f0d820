/**
 * WordPress-style error answers: `{code, message, data: {status, ...}}`. Handlers throw
 * {@link ApiError}; the app's error handler turns it into the JSON answer.
 */
import type { z } from 'zod';

/** An expected failure with its HTTP status and WordPress error code. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }

  /** The JSON body WordPress would send. */
  toJSON(): { code: string; message: string; data: Record<string, unknown> } {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data } };
  }
}

/**
 * WordPress's answer to bad request arguments: `rest_invalid_param` with one message per argument,
 * e.g. `{per_page: 'per_page must be between 1 (inclusive) and 100 (inclusive)'}`.
 */
export function invalidParams(params: Readonly<Record<string, string>>): ApiError {
  const names = Object.keys(params);
  return new ApiError(400, 'rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, { params: { ...params } });
}

/** Turns zod issues into {@link invalidParams}: one message per top-level argument. */
export function fromZodError(error: z.ZodError, fallbackName = 'body'): ApiError {
  const params: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = typeof issue.path[0] === 'string' || typeof issue.path[0] === 'number' ? String(issue.path[0]) : fallbackName;
    if (params[name] === undefined) params[name] = issue.message;
  }
  return invalidParams(params);
}
