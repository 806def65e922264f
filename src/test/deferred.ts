/** A promise a test settles by hand: for answers that arrive in the order the test says (a slow first, a fast second). */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export type Deferred<T> = ReturnType<typeof deferred<T>>;
