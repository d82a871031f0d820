/**
 * Query-string parameters as WordPress checks them, shared by the REST routes: whole numbers in a
 * range and id lists, with WordPress's own messages.
 */
import { z } from 'zod';

/** The largest id a route accepts (a signed 32-bit integer, as the columns hold). */
export const MAX_ID = 2_147_483_647;

/** WordPress's message for a number out of range. */
export const between = (name: string, min: number, max: number): string => `${name} must be between ${min} (inclusive) and ${max} (inclusive)`;

/** A whole number in a query string, with WordPress's messages. */
export const queryInt = (name: string, min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, `${name} is not of type integer.`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, between(name, min, max));
