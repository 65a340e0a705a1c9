/**
 * Compile-time proof that a zod schema and a hand-written type describe the same shape:
 * `expectType<TSame<A, B>>(true)` fails to compile when they drift apart.
 */
export type TSame<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
export const sameShape = <T extends true>(_proof: T) => undefined;
