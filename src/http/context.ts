/** The Koa state every request carries, typed once so routes never cast. */
import type { EntityManager } from '@mikro-orm/postgresql';
import type { ParameterizedContext } from 'koa';
import type { Logger } from '../logger';
import type { Caller } from '../modules/identity/caller';

export interface RequestState {
  requestId: string;
  log: Logger;
  /** A fork of the entity manager for this request only, made when first asked for. */
  em: EntityManager;
  /**
   * The root entity manager, for raw SQL (`sql()`) and transactions it starts (each on its own fork):
   * the scan path reads and writes only that way, and a fork costs it ~25 µs a request
   * (docs/performance.md). It refuses entity look-ups (no global context), so code that needs a unit of
   * work of its own uses `em`.
   */
  db: EntityManager;
  /** The authenticated caller, on bearer routes once the token and registration check out. */
  auth?: Caller;
}

export type AppContext = ParameterizedContext<RequestState>;
