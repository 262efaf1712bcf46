/** Opening and closing the ORM: one instance per process, shared by the API or the worker. */
import { MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '../config';
import { createOrmOptions } from './mikro-orm.config';

export type Orm = MikroORM;

/** Opens the ORM without requiring the database to be up: the API must start (and report 503) when it is not. */
export async function openOrm(db: Pick<AppConfig['db'], 'url' | 'poolMax'>): Promise<Orm> {
  return MikroORM.init(createOrmOptions(db, { connect: false }));
}
