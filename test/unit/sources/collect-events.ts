import { resolve } from 'node:path';
import type { ListedEntity, ParseEvent, ParseProblem } from '../../../src/sources/listed-entity';

/** The repository's list fixtures, cut by scripts/cut-fixtures.ts. */
export const FIXTURES = resolve(__dirname, '../../fixtures/lists');

export interface Collected {
  entities: ListedEntity[];
  problems: ParseProblem[];
  byId: Map<string, ListedEntity>;
}

/** Drains a parser into its entities (by source id) and problems. */
export async function collect(events: AsyncIterable<ParseEvent>): Promise<Collected> {
  const entities: ListedEntity[] = [];
  const problems: ParseProblem[] = [];
  for await (const event of events) {
    if ('entity' in event) entities.push(event.entity);
    else problems.push(event.problem);
  }
  return { entities, problems, byId: new Map(entities.map((entity) => [entity.sourceId, entity])) };
}

/** The entity with this source id, failing the test when it is missing. */
export function entity(collected: Collected, sourceId: string): ListedEntity {
  const found = collected.byId.get(sourceId);
  if (!found) throw new Error(`no entity ${sourceId}`);
  return found;
}

/** Alias names by type, for compact assertions. */
export function names(listed: ListedEntity, type?: string): string[] {
  return listed.aliases.filter((alias) => type === undefined || alias.type === type).map((alias) => alias.name);
}
