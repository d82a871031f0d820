/**
 * A small description language for JSON wire shapes, and what the kit derives from one
 * description: an arbitrary of values of that shape, a checker (`accepts`), and an arbitrary of
 * near misses (a valid value with exactly one thing wrong: a wrong type, a value out of range, or a
 * required key missing).
 *
 * The descriptions in `wire.ts` are written from the wire protocol, not read out of the adapters'
 * valibot schemas (core may not import the adapters): `src/adapters/wire-kit.test.ts` proves, for
 * each one, that the adapter's schema accepts every valid value and rejects every near miss, so a
 * schema and its description cannot drift apart silently.
 */
import fc from 'fast-check';

/** A whole number, optionally bounded (both ends inclusive). */
export interface IntShape {
  readonly kind: 'int';
  readonly min?: number | undefined;
  readonly max?: number | undefined;
  /** Generated values stay at or below this (not a bound of the shape). @default 1_000_000 */
  readonly upTo?: number | undefined;
}
/** Any JSON number. */
export interface NumberShape {
  readonly kind: 'number';
}
/** A string, optionally matching a pattern; `gen` makes realistic values. */
export interface StringShape {
  readonly kind: 'string';
  readonly pattern?: RegExp | undefined;
  readonly gen?: fc.Arbitrary<string> | undefined;
}
/** `true` or `false`. */
export interface BooleanShape {
  readonly kind: 'boolean';
}
/** One of a few exact values. */
export interface LiteralShape<V extends string | number | boolean = string | number | boolean> {
  readonly kind: 'literal';
  readonly values: readonly V[];
}
/** A list of one shape. */
export interface ArrayShape<I extends Shape = Shape> {
  readonly kind: 'array';
  readonly of: I;
  readonly maxLength: number;
}
/** A fixed-length list. */
export interface TupleShape<T extends readonly Shape[] = readonly Shape[]> {
  readonly kind: 'tuple';
  readonly items: T;
}
/** An object with any string keys, each value of one shape. */
export interface RecordShape<I extends Shape = Shape> {
  readonly kind: 'record';
  readonly of: I;
}
/** Any of several shapes. */
export interface UnionShape<U extends readonly Shape[] = readonly Shape[]> {
  readonly kind: 'union';
  readonly of: U;
}
/** The shape or `null`. */
export interface NullableShape<I extends Shape = Shape> {
  readonly kind: 'nullable';
  readonly of: I;
}
/** The shape or nothing (an object's key may be left out). */
export interface OptionalShape<I extends Shape = Shape> {
  readonly kind: 'optional';
  readonly of: I;
}
/** Anything at all. */
export interface UnknownShape {
  readonly kind: 'unknown';
}
/** An object with known keys (other keys pass: the adapters drop what they do not read). */
export interface ObjectShape<F extends Readonly<Record<string, Shape>> = Readonly<Record<string, Shape>>> {
  readonly kind: 'object';
  readonly fields: F;
}

/** Any shape. */
export type Shape =
  | IntShape
  | NumberShape
  | StringShape
  | BooleanShape
  | LiteralShape
  | ArrayShape
  | TupleShape
  | RecordShape
  | UnionShape
  | NullableShape
  | OptionalShape
  | UnknownShape
  | ObjectShape;

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type OptionalKeys<F> = { [K in keyof F]: F[K] extends OptionalShape ? K : never }[keyof F];
type RequiredKeys<F> = Exclude<keyof F, OptionalKeys<F>>;

/** The TypeScript type of the values of a shape. */
export type Infer<S> = S extends IntShape | NumberShape
  ? number
  : S extends StringShape
    ? string
    : S extends BooleanShape
      ? boolean
      : S extends LiteralShape<infer V>
        ? V
        : S extends ArrayShape<infer I>
          ? Infer<I>[]
          : S extends TupleShape<infer T>
            ? { -readonly [K in keyof T]: Infer<T[K]> }
            : S extends RecordShape<infer I>
              ? Record<string, Infer<I>>
              : S extends UnionShape<infer U>
                ? Infer<U[number]>
                : S extends NullableShape<infer I>
                  ? Infer<I> | null
                  : S extends OptionalShape<infer I>
                    ? Infer<I> | undefined
                    : S extends ObjectShape<infer F>
                      ? Simplify<{ [K in RequiredKeys<F>]: Infer<F[K]> } & { [K in OptionalKeys<F>]?: F[K] extends OptionalShape<infer I> ? Infer<I> : never }>
                      : unknown;

/** Builders of shapes, named after the valibot calls they mirror. */
export const s = {
  int: (range: { readonly min?: number; readonly max?: number; readonly upTo?: number } = {}): IntShape => ({ kind: 'int', ...range }),
  number: (): NumberShape => ({ kind: 'number' }),
  string: (gen?: fc.Arbitrary<string>): StringShape => ({ kind: 'string', gen }),
  /** A string matching `pattern`; `gen` defaults to `fc.stringMatching(pattern)`. */
  matching: (pattern: RegExp, gen?: fc.Arbitrary<string>): StringShape => ({ kind: 'string', pattern, gen: gen ?? fc.stringMatching(pattern) }),
  boolean: (): BooleanShape => ({ kind: 'boolean' }),
  literal: <const V extends string | number | boolean>(...values: V[]): LiteralShape<V> => ({ kind: 'literal', values }),
  array: <I extends Shape>(of: I, maxLength = 3): ArrayShape<I> => ({ kind: 'array', of, maxLength }),
  tuple: <const T extends readonly Shape[]>(...items: T): TupleShape<T> => ({ kind: 'tuple', items }),
  record: <I extends Shape>(of: I): RecordShape<I> => ({ kind: 'record', of }),
  union: <const U extends readonly Shape[]>(...of: U): UnionShape<U> => ({ kind: 'union', of }),
  nullable: <I extends Shape>(of: I): NullableShape<I> => ({ kind: 'nullable', of }),
  optional: <I extends Shape>(of: I): OptionalShape<I> => ({ kind: 'optional', of }),
  /** `null`, the shape, or nothing (valibot's `nullish`). */
  nullish: <I extends Shape>(of: I): OptionalShape<NullableShape<I>> => ({ kind: 'optional', of: { kind: 'nullable', of } }),
  unknown: (): UnknownShape => ({ kind: 'unknown' }),
  object: <const F extends Readonly<Record<string, Shape>>>(fields: F): ObjectShape<F> => ({ kind: 'object', fields }),
};

const isRecordLike = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Whether a value has the shape (the kit's own reading; the adapters' schemas must agree). */
export function accepts(shape: Shape, value: unknown): boolean {
  switch (shape.kind) {
    case 'int':
      return typeof value === 'number' && Number.isInteger(value) && (shape.min === undefined || value >= shape.min) && (shape.max === undefined || value <= shape.max);
    case 'number':
      return typeof value === 'number' && !Number.isNaN(value);
    case 'string':
      return typeof value === 'string' && (shape.pattern === undefined || shape.pattern.test(value));
    case 'boolean':
      return typeof value === 'boolean';
    case 'literal':
      return (shape.values as readonly unknown[]).includes(value);
    case 'array':
      return Array.isArray(value) && value.every((item) => accepts(shape.of, item));
    case 'tuple':
      return Array.isArray(value) && shape.items.every((item, i) => accepts(item, value[i]));
    case 'record':
      // Like valibot, any non-null object passes as a record (an array too).
      return isRecordLike(value) && Object.values(value).every((item) => accepts(shape.of, item));
    case 'union':
      return shape.of.some((member) => accepts(member, value));
    case 'nullable':
      return value === null || accepts(shape.of, value);
    case 'optional':
      return value === undefined || accepts(shape.of, value);
    case 'unknown':
      return true;
    case 'object':
      return (
        isRecordLike(value) &&
        Object.entries(shape.fields).every(([key, field]) => (key in value ? accepts(field, value[key]) : field.kind === 'optional'))
      );
  }
}

const defaultString = fc.string({ maxLength: 16 });

/** An arbitrary of the values of a shape (optional keys are sometimes left out). */
export function arbitraryOf<S extends Shape>(shape: S): fc.Arbitrary<Infer<S>> {
  return arbitrary(shape) as fc.Arbitrary<Infer<S>>;
}

function arbitrary(shape: Shape): fc.Arbitrary<unknown> {
  switch (shape.kind) {
    case 'int':
      return fc.integer({ min: shape.min ?? -1_000_000, max: shape.max ?? Math.max(shape.upTo ?? 1_000_000, shape.min ?? 0) });
    case 'number':
      return fc.oneof(fc.integer({ min: -1_000_000, max: 1_000_000 }), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }));
    case 'string':
      return shape.gen ?? defaultString;
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constantFrom(...shape.values);
    case 'array':
      return fc.array(arbitrary(shape.of), { maxLength: shape.maxLength });
    case 'tuple':
      return fc.tuple(...shape.items.map(arbitrary));
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), arbitrary(shape.of), { maxKeys: 3 });
    case 'union':
      return fc.oneof(...shape.of.map(arbitrary));
    case 'nullable':
      return fc.option(arbitrary(shape.of), { nil: null, freq: 4 });
    case 'optional':
      return fc.option(arbitrary(shape.of), { nil: undefined, freq: 4 });
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    case 'object': {
      const entries = Object.entries(shape.fields);
      const required = entries.filter(([, field]) => field.kind !== 'optional').map(([key]) => key);
      const model = Object.fromEntries(entries.map(([key, field]) => [key, arbitrary(field.kind === 'optional' ? field.of : field)]));
      return fc.record(model, { requiredKeys: required });
    }
  }
}

/** What is wrong with a near miss. */
export type NearMissKind = 'wrong-type' | 'out-of-range' | 'missing';

/** A value with exactly one thing wrong, where (a JSON path such as `items.0.prices.price`) and how. */
export interface NearMiss {
  readonly value: unknown;
  readonly path: string;
  readonly kind: NearMissKind;
}

type Path = readonly (string | number)[];
interface Break {
  readonly path: Path;
  readonly kind: NearMissKind;
  /** The replacement; absent for a missing key. */
  readonly replacement?: unknown;
}

// Stand-ins of every JSON type; each break uses those the shape does not accept.
const WRONG_TYPES: readonly unknown[] = [null, true, 'x', 7, 1.5, [], {}];

const outOfRange = (shape: Shape): unknown[] => {
  switch (shape.kind) {
    case 'int':
      return [0.5, ...(shape.min === undefined ? [] : [shape.min - 1]), ...(shape.max === undefined ? [] : [shape.max + 1])];
    case 'string':
      return shape.pattern === undefined ? [] : ['', ' ', 'x', '-', '1.5', '0'.repeat(16), 'zz'].filter((candidate) => !shape.pattern!.test(candidate));
    case 'literal': {
      const numbers = shape.values.filter((value): value is number => typeof value === 'number');
      const strings = shape.values.filter((value): value is string => typeof value === 'string');
      return [
        ...(numbers.length > 0 ? [Math.max(...numbers) + 1, Math.min(...numbers) - 1] : []),
        ...(strings.length > 0 ? [`${strings[0]}-not`, strings[0]!.toUpperCase() === strings[0] ? `${strings[0]}x` : strings[0]!.toUpperCase()] : []),
        ...(shape.values.includes(true) && !shape.values.includes(false) ? [false] : []),
      ];
    }
    case 'nullable':
    case 'optional':
      return outOfRange(shape.of);
    default:
      return [];
  }
};

/** Every single break of a value of a shape (the value must be valid). */
function breaks(shape: Shape, value: unknown, path: Path): Break[] {
  const here: Break[] = [
    ...WRONG_TYPES.filter((candidate) => !accepts(shape, candidate)).map((replacement): Break => ({ path, kind: 'wrong-type', replacement })),
    ...outOfRange(shape).filter((candidate) => !accepts(shape, candidate)).map((replacement): Break => ({ path, kind: 'out-of-range', replacement })),
  ];
  const inner = (): Break[] => {
    switch (shape.kind) {
      case 'nullable':
        return value === null ? [] : breaks(shape.of, value, path).filter((b) => b.path !== path || b.kind !== 'wrong-type');
      case 'optional':
        return value === undefined ? [] : breaks(shape.of, value, path).filter((b) => b.path !== path || b.kind !== 'wrong-type');
      case 'array':
        return (value as unknown[]).flatMap((item, i) => breaks(shape.of, item, [...path, i]));
      case 'tuple':
        return shape.items.flatMap((item, i) => breaks(item, (value as unknown[])[i], [...path, i]));
      case 'record':
        return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) => breaks(shape.of, item, [...path, key]));
      case 'object': {
        const object = value as Record<string, unknown>;
        return Object.entries(shape.fields).flatMap(([key, field]): Break[] => [
          ...(field.kind === 'optional' ? [] : [{ path: [...path, key], kind: 'missing' as const }]),
          ...(key in object ? breaks(field, object[key], [...path, key]) : []),
        ]);
      }
      default:
        return [];
    }
  };
  // A wrapper's own wrong types are the only ones at its path (the inner shape's would include null or undefined).
  return [...(shape.kind === 'nullable' || shape.kind === 'optional' ? here.filter((b) => !accepts(shape, b.replacement)) : here), ...inner()];
}

const applyBreak = (value: unknown, path: Path, change: Break): unknown => {
  if (path.length === 0) return change.replacement;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  if (Array.isArray(value)) return value.map((item, i) => (i === head ? applyBreak(item, rest, change) : item));
  const object = value as Record<string, unknown>;
  if (rest.length === 0 && !('replacement' in change)) {
    const { [String(head)]: _gone, ...others } = object;
    return others;
  }
  return { ...object, [head]: applyBreak(object[head], rest, change) };
};

/**
 * An arbitrary of near misses of a shape: a value from `valid` (by default every value of the
 * shape) with one field broken. `kinds` limits which breaks are made.
 */
export function nearMissOf(shape: Shape, options: { readonly valid?: fc.Arbitrary<unknown>; readonly kinds?: readonly NearMissKind[] } = {}): fc.Arbitrary<NearMiss> {
  const kinds = options.kinds ?? ['wrong-type', 'out-of-range', 'missing'];
  return (options.valid ?? arbitrary(shape)).chain((value) => {
    const candidates = breaks(shape, value, []).filter((b) => kinds.includes(b.kind));
    // Only `unknown` (anything goes) has no near miss; kits describe no such root.
    if (candidates.length === 0) throw new Error(`No near miss of kinds ${kinds.join(', ')} for ${JSON.stringify(value)}.`);
    return fc.constantFrom(...candidates).map((b): NearMiss => ({ value: applyBreak(value, b.path, b), path: b.path.join('.'), kind: b.kind }));
  });
}

/** Every near miss of one value (for exhaustive checks over a single example). */
export function allNearMisses(shape: Shape, value: unknown): NearMiss[] {
  return breaks(shape, value, []).map((b) => ({ value: applyBreak(value, b.path, b), path: b.path.join('.'), kind: b.kind }));
}
