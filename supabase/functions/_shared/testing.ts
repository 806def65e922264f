// Plain assertions for functions' tests: jsr:@std/assert would need the network.
function fail(message: string): never {
  throw new Error(message);
}

export const assert = {
  equal(actual: unknown, expected: unknown, what = 'value'): void {
    if (!Object.is(actual, expected)) fail(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
  },
  deepEqual(actual: unknown, expected: unknown, what = 'value'): void {
    const a = JSON.stringify(actual);
    const e = JSON.stringify(expected);
    if (a !== e) fail(`${what}: expected ${e}, got ${a}`);
  },
  ok(value: unknown, what = 'condition'): void {
    if (!value) fail(`${what}: expected a truthy value, got ${JSON.stringify(value)}`);
  },
  throws(fn: () => unknown, type: new (...args: never[]) => Error): void {
    try {
      fn();
    } catch (e) {
      if (e instanceof type) return;
      fail(`expected ${type.name}, got ${String(e)}`);
    }
    fail(`expected ${type.name} to be thrown`);
  },
};
