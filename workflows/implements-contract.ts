/**
 * Compile-time only (nothing imports it): the worker registers what workflows/index.ts exports, under
 * each export's name, while every caller starts workflows by name with the signature declared in
 * workflows/definitions. The type check fails here when the two disagree in either direction.
 */
import type { Workflows } from './definitions';
import type * as registered from './index';

type Registered = typeof registered;
type Implements<Contract, Implementation extends { [K in keyof Contract]: Contract[K] }> = Implementation;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Holds<Check extends true> = Check;

/** Each declared workflow is registered under its name, with a signature its callers can rely on. */
export type EveryDeclaredWorkflowIsRegistered = Implements<Workflows, Registered>;
/** Each registered workflow is declared, so no caller starts one the contract does not describe. */
export type EveryRegisteredWorkflowIsDeclared = Holds<Same<keyof Registered, keyof Workflows>>;
