import { runInNewContext } from 'node:vm';

/**
 * The names of the engine's own globals (Object, Array, JSON, Promise…), as a fresh context has them: not
 * Node's (process, Buffer) nor the console, which the process's own code may change meanwhile.
 */
const ENGINE_GLOBALS = (runInNewContext('Object.getOwnPropertyNames(globalThis)') as string[]).filter(
  (name) => name !== 'globalThis' && name !== 'console',
);

/** The engine's own objects a library may patch: its namespaces and constructors, and their prototypes. */
function engineObjects(): object[] {
  const objects = new Set<object>();
  for (const name of ENGINE_GLOBALS) {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, name);
    const value: unknown = descriptor && 'value' in descriptor ? descriptor.value : undefined;
    if (typeof value === 'function') {
      objects.add(value);
      const prototype: unknown = (value as { prototype?: unknown }).prototype;
      // Function.prototype is itself a function.
      if (prototype && (typeof prototype === 'object' || typeof prototype === 'function'))
        objects.add(prototype);
    } else if (value && typeof value === 'object') objects.add(value);
  }
  return [...objects];
}

type Snapshot = Map<object, Map<PropertyKey, PropertyDescriptor>>;

/** The engine's objects' own properties as they are now. */
export function builtinsSnapshot(): Snapshot {
  return new Map(
    engineObjects().map((object) => [
      object,
      new Map(Reflect.ownKeys(object).map((key) => [key, Object.getOwnPropertyDescriptor(object, key)!])),
    ]),
  );
}

function same(a: PropertyDescriptor, b: PropertyDescriptor | undefined): boolean {
  return !!b && Object.is(a.value, b.value) && a.get === b.get && a.set === b.set;
}

/** The engine's functions a library replaced since `before`, by their owner and key. */
function replaced(before: Snapshot): { owner: object; key: PropertyKey; descriptor: PropertyDescriptor }[] {
  return [...before].flatMap(([owner, descriptors]) =>
    [...descriptors]
      .filter(([key, descriptor]) => !same(descriptor, Object.getOwnPropertyDescriptor(owner, key)))
      .map(([key, descriptor]) => ({ owner, key, descriptor })),
  );
}

/**
 * Loads a library that polyfills the engine, keeping what it adds but putting back what it replaced. Some
 * polyfills (core-js) replace functions the engine has natively with script versions, for edge cases of the
 * standard the product never meets; the whole process then runs on them.
 */
export async function keepingBuiltins<T>(load: () => Promise<T>): Promise<T> {
  const before = builtinsSnapshot();
  try {
    return await load();
  } finally {
    for (const { owner, key, descriptor } of replaced(before))
      if (Object.getOwnPropertyDescriptor(owner, key)?.configurable !== false)
        Object.defineProperty(owner, key, descriptor);
  }
}

/** Names of the engine's functions that differ from `before`. */
export function changedSince(before: Snapshot): string[] {
  return replaced(before).map(({ owner, key }) => `${nameOf(owner)}.${String(key)}`);
}

/** "JSON", "Array", "Array.prototype". */
function nameOf(owner: object): string {
  const constructor: unknown = Object.hasOwn(owner, 'constructor') ? owner.constructor : undefined;
  // Function.prototype is a function too: asked first.
  if (typeof constructor === 'function' && constructor.prototype === owner)
    return `${constructor.name}.prototype`;
  if (typeof owner === 'function') return owner.name;
  return String((owner as { [Symbol.toStringTag]?: unknown })[Symbol.toStringTag] ?? 'object');
}
