/**
 * The layer table of docs/architecture.md ("Layers"), enforced by `npm run lint`. From the top:
 *
 *   entry points and provisioning  src/{server,worker,start,cli,deps,…}.ts, src/cli, src/platform, src/tools
 *   http                           src/http            → modules (and the composition root's types)
 *   activities                     activities/         → modules, sources, db, the Temporal contract
 *   workflows                      workflows/          → only types from activities/ and src/; definitions
 *   Temporal contract              workflows/definitions/ → types of the records workflows return
 *   modules (the domain)           src/modules         → sources, matching, db, the Temporal contract
 *   Temporal client helpers        src/temporal        → workflows/definitions, config
 *   sources, matching, db          src/sources, src/matching, src/db
 *   shared                         src/config.ts, errors.ts, logger.ts, redis.ts, src/schemas, src/integrity
 *
 * A layer may import what is below it, never what is above; nothing in src/, workflows/ or activities/
 * takes part in an import cycle (type-only imports count: a type cycle is still a tangle to read).
 * Each rule's comment is what a developer sees when it fires.
 */

/** The top layer: processes, the CLI, and what prepares the machine they run on. */
const TOP = [
  '^src/(server|worker|start|cli|deps|services|lists-on-first-start|redis-memory|cpu-priority|api-node-flags)[.]ts$',
  '^src/cli/',
  '^src/platform/',
  '^src/tools/',
];
/** The composition root: builds the process's dependencies; the layers below name only its types. */
const COMPOSITION_ROOT = '^src/(deps|services)[.]ts$';
const HTTP = '^src/http/';
const ACTIVITIES = '^activities/';
const WORKFLOWS = '^workflows/';
const MODULES = '^src/modules/';
const TEMPORAL_CONTRACT = '^src/temporal/';
const SOURCES = '^src/sources/';
const MATCHING = '^src/matching/';
const DB = '^src/db/';
/** The Temporal contract every layer may import: names, inputs, results, signals, queries. */
const DEFINITIONS = '^workflows/definitions/';
/**
 * The ORM's own composition: the entity list gathers entities from the modules that own them, and
 * the migrate command syncs the Q&A knowledge base after migrating. Both are wiring, not data access.
 */
const DB_WIRING = '^src/db/(entities|migrate)[.]ts$';

/** Forbids `from` (a path pattern) importing any of `to`, except `except`. */
function layer(name, comment, from, to, options = {}) {
  return {
    name,
    comment,
    severity: 'error',
    from: { path: from, ...(options.fromExcept ? { pathNot: options.fromExcept } : {}) },
    to: {
      path: to,
      ...(options.toExcept ? { pathNot: options.toExcept } : {}),
      ...(options.unlessTypeOnly ? { dependencyTypesNot: ['type-only'] } : {}),
    },
  };
}

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Import cycles make the order of module loading, and the reading of the code, depend on who came first: break the cycle (move the shared type down a layer).',
      severity: 'error',
      from: { path: '^(src|workflows|activities)/' },
      to: { circular: true },
    },
    layer('top-is-top', 'Entry points, the CLI and provisioning (src/platform, src/tools) are the top layer: nothing imports them.', '^(src|workflows|activities)/', TOP, {
      fromExcept: TOP,
      toExcept: COMPOSITION_ROOT,
    }),
    layer('composition-root-types-only', 'Layers receive their dependencies from the composition root (src/deps.ts) and may name their type, never build them.', '^(src|workflows|activities)/', COMPOSITION_ROOT, {
      fromExcept: TOP,
      unlessTypeOnly: true,
    }),
    layer('http-calls-modules', 'Routes call the domain (src/modules); they never reach activities or workflows (start work through a module).', HTTP, [ACTIVITIES, WORKFLOWS], {
      toExcept: DEFINITIONS,
    }),
    layer('activities-adapt-modules', 'Activities are thin adapters over src/modules: no HTTP, no workflow code (the contract is workflows/definitions.ts).', ACTIVITIES, [HTTP, WORKFLOWS], {
      toExcept: DEFINITIONS,
    }),
    layer('workflows-import-types', 'Workflows are replayed: from activities/ and src/ they import only types (an ESLint rule also keeps Node and I/O out).', WORKFLOWS, ['^src/', ACTIVITIES], {
      unlessTypeOnly: true,
    }),
    layer('domain-below-http-and-activities', 'The domain (src/modules) knows no HTTP, activities or workflow code: it starts workflows through the contract in workflows/definitions.ts.', MODULES, [HTTP, ACTIVITIES, WORKFLOWS], {
      toExcept: DEFINITIONS,
    }),
    layer('temporal-contract-below-domain', 'src/temporal is the client contract (ids, search attributes, inputs): it sits below the domain, so it imports no module, route, activity or workflow code (only workflows/definitions).', TEMPORAL_CONTRACT, [MODULES, HTTP, ACTIVITIES, WORKFLOWS], {
      toExcept: DEFINITIONS,
    }),
    layer('definitions-are-declarations', 'workflows/definitions declares names, inputs, results, signals and queries: from src/ it takes only types (the records workflows return).', DEFINITIONS, '^src/', {
      unlessTypeOnly: true,
    }),
    layer('definitions-hold-no-workflow-code', 'Callers load workflows/definitions: it names no activity and imports no workflow code.', DEFINITIONS, [ACTIVITIES, '^workflows/(?!definitions/)']),
    layer('sources-below-domain', 'List and register readers (src/sources) sit below the domain, matching and Temporal.', SOURCES, [MODULES, HTTP, ACTIVITIES, WORKFLOWS, TEMPORAL_CONTRACT, MATCHING, DB]),
    layer('matching-is-pure', 'Matching is pure name matching: it may read the listed-entity shape of src/sources, nothing above it and no database.', MATCHING, [MODULES, HTTP, ACTIVITIES, WORKFLOWS, TEMPORAL_CONTRACT, DB]),
    layer('db-below-domain', 'src/db is the data layer under the domain; only its wiring (entity list, migrate command) names modules.', DB, [MODULES, HTTP, ACTIVITIES, WORKFLOWS, TEMPORAL_CONTRACT], {
      fromExcept: DB_WIRING,
    }),
    layer('shared-is-shared', 'Errors, logging, Redis, the project root, the shared zod and canonical JSON are used by every layer and import none of them.', '^src/(errors|logger|redis|project-root)[.]ts$|^src/(schemas|integrity)/', [MODULES, HTTP, ACTIVITIES, WORKFLOWS, TEMPORAL_CONTRACT, SOURCES, MATCHING, DB]),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
