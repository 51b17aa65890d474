/**
 * The AssemblyScript types that the shared modules (src/core/shared/) use, as TypeScript sees
 * them: those modules compile both ways, as part of the solver's core and of the TypeScript
 * around it.
 */
type i32 = number;
type bool = boolean;
