/**
 * WordPress's `_fields` query parameter, which every REST route of a stock shop honours: the
 * answer keeps only the named fields (`id,name,prices`), nested ones by dots (`prices.price`).
 * A list answer has each of its items cut the same way. Clients use it to ask for what they read
 * (the storefront's tiles ask for a third of a product's fields).
 */

/** The kept fields as a tree: `true` keeps a field whole, a subtree keeps part of an object. */
export interface FieldTree {
  readonly [name: string]: true | FieldTree;
}

/**
 * The tree of a `_fields` value: names separated by commas or blanks, dots for nesting. A field
 * kept whole is not narrowed by a nested name of it (`prices,prices.price` keeps all of `prices`),
 * whatever their order. Null when the value names nothing (the answer is then left whole).
 */
export function parseFields(value: string): FieldTree | null {
  const names = value.split(/[\s,]+/).filter((name) => name !== '');
  if (names.length === 0) return null;
  // Nodes without a prototype: a name such as `__proto__` is a field like any other.
  const node = (): Record<string, true | FieldTree> => Object.create(null) as Record<string, true | FieldTree>;
  const root = node();
  for (const name of names) {
    const path = name.split('.');
    let at: Record<string, true | FieldTree> = root;
    for (let i = 0; i < path.length; i++) {
      const part = path[i]!;
      const last = i === path.length - 1;
      const there = Object.hasOwn(at, part) ? at[part] : undefined;
      if (there === true) break;
      if (last) {
        at[part] = true;
        break;
      }
      const next: Record<string, true | FieldTree> = there ?? node();
      at[part] = next;
      at = next;
    }
  }
  return root;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** An object cut to the tree; anything else (a list, a scalar) is kept as it is. */
const pickObject = (value: unknown, tree: FieldTree): unknown => {
  if (!isRecord(value)) return value;
  const kept: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(tree)) {
    if (!Object.hasOwn(value, name)) continue;
    kept[name] = rule === true ? value[name] : pickObject(value[name], rule);
  }
  return kept;
};

/** An answer cut to the tree: an object, or each item of a list. */
export function pickFields(answer: unknown, tree: FieldTree): unknown {
  return Array.isArray(answer) ? answer.map((item) => pickObject(item, tree)) : pickObject(answer, tree);
}
