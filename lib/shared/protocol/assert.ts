// Compile-time checks that a schema and the engine's own type agree (a drift fails tsc).

/** True when A and B are assignable both ways. */
export type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
/** A compile-time assertion: `Assert<Same<A, B>>` fails tsc where A and B differ. */
export type Assert<T extends true> = T;
