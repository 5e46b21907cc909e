import { randomUUID } from 'node:crypto';
import type { Selectable } from 'kysely';
import type { Flow, FlowGraph, FlowVersion, FlowVersionEntry, Page, PageQuery } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';
import { raiseVersion } from '../../../db/data-versions';
import { paged } from '../../../db/filters';
import type { ProcessFlowsTable } from '../../../db/schema';
import { scoped } from '../../../db/scoped';
import { isoNow } from '../../../lib/clock';

/** A flow as the engine runs it: the graph and how to read it (a v1 graph is a list of steps). */
export type RunnableFlow = { version: FlowVersion; graph: FlowGraph };

const graphOf = (json: string): FlowGraph => JSON.parse(json) as FlowGraph;

function toFlow(row: Selectable<ProcessFlowsTable>): Flow {
  return {
    version: row.version,
    draft: graphOf(row.draft),
    published: row.published === null ? null : graphOf(row.published),
    publishedAt: row.publishedAt,
    publishedVersionId: row.publishedVersionId,
    updatedAt: row.updatedAt,
  };
}

/**
 * Robots' flows: one row per flow robot with its draft and published graph, and a version row per publish.
 * The graphs are checked by the routes (validateFlow) before they get here.
 */
export function flowsRepository(db: Database) {
  const repository = {
    async get(tenantId: string, processId: string): Promise<Flow | undefined> {
      const row = await scoped(db, tenantId)
        .selectFrom('processFlows')
        .selectAll()
        .where('processId', '=', processId)
        .executeTakeFirst();
      return row && toFlow(row);
    },

    /**
     * Which version a robot answers with: undefined without a published flow; `versionId` null for a flow
     * that has not been published since the robot was copied. Cheap: the graph is not read.
     */
    async publishedHead(tenantId: string, processId: string): Promise<{ versionId: string | null } | undefined> {
      const row = await scoped(db, tenantId)
        .selectFrom('processFlows')
        .select('publishedVersionId')
        .where('processId', '=', processId)
        .where('published', 'is not', null)
        .executeTakeFirst();
      return row && { versionId: row.publishedVersionId };
    },

    /** The graph a robot answers with (its published flow), or undefined for a robot without one. */
    async published(tenantId: string, processId: string): Promise<RunnableFlow | undefined> {
      const row = await scoped(db, tenantId)
        .selectFrom('processFlows')
        .select(['version', 'published'])
        .where('processId', '=', processId)
        .executeTakeFirst();
      return row?.published ? { version: row.version, graph: graphOf(row.published) } : undefined;
    },

    /**
     * Saves a robot's draft (creating its flow, and making it a flow robot, when it had none); undefined
     * when the tenant has no such robot.
     */
    async saveDraft(
      tenantId: string,
      processId: string,
      version: FlowVersion,
      graph: FlowGraph,
    ): Promise<Flow | undefined> {
      const saved = await db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const robot = await tenant
          .selectFrom('processes')
          .select('type')
          .where('processId', '=', processId)
          .executeTakeFirst();
        if (!robot) return false;
        const now = isoNow();
        const draft = JSON.stringify(graph);
        const changed = await tenant
          .updateTable('processFlows')
          .set({ version, draft, updatedAt: now })
          .where('processId', '=', processId)
          .executeTakeFirst();
        if (Number(changed.numUpdatedRows) === 0) {
          await tenant
            .insertInto('processFlows', {
              processId,
              version,
              draft,
              published: null,
              publishedAt: null,
              publishedVersionId: null,
              updatedAt: now,
            })
            .execute();
        }
        if (robot.type !== 'flow') {
          await tenant
            .updateTable('processes')
            .set({ type: 'flow', updatedAt: now })
            .where('processId', '=', processId)
            .execute();
          await raiseVersion(trx, tenantId, 'processes');
        }
        return true;
      });
      return saved ? repository.get(tenantId, processId) : undefined;
    },

    /** Publishes the draft as the next version; undefined when the robot has no flow. */
    async publish(tenantId: string, processId: string, publishedBy: string): Promise<Flow | undefined> {
      const published = await db.transaction().execute(async (trx) => {
        const tenant = scoped(trx, tenantId);
        const flow = await tenant
          .selectFrom('processFlows')
          .select(['version', 'draft'])
          .where('processId', '=', processId)
          .executeTakeFirst();
        if (!flow) return false;
        const last = await tenant
          .selectFrom('processFlowVersions')
          .select((eb) => eb.fn.max('number').as('number'))
          .where('processId', '=', processId)
          .executeTakeFirst();
        const now = isoNow();
        const id = randomUUID();
        await tenant
          .insertInto('processFlowVersions', {
            id,
            processId,
            number: Number(last?.number ?? 0) + 1,
            version: flow.version,
            graph: flow.draft,
            nodeCount: graphOf(flow.draft).nodes.length,
            publishedAt: now,
            publishedBy,
          })
          .execute();
        await tenant
          .updateTable('processFlows')
          .set({ published: flow.draft, publishedAt: now, publishedVersionId: id, updatedAt: now })
          .where('processId', '=', processId)
          .execute();
        return true;
      });
      return published ? repository.get(tenantId, processId) : undefined;
    },

    async versions(tenantId: string, processId: string, page: PageQuery): Promise<Page<FlowVersionEntry>> {
      const tenant = scoped(db, tenantId);
      const [rows, count] = await Promise.all([
        tenant
          .selectFrom('processFlowVersions')
          .select(['id', 'number', 'version', 'nodeCount', 'publishedAt', 'publishedBy'])
          .where('processId', '=', processId)
          .orderBy('number', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
        tenant
          .selectFrom('processFlowVersions')
          .select((eb) => eb.fn.countAll().as('total'))
          .where('processId', '=', processId)
          .executeTakeFirstOrThrow(),
      ]);
      return paged(rows, Number(count.total));
    },

    /** Makes a published version the draft again; undefined when the robot has no such version. */
    async restore(tenantId: string, processId: string, versionId: string): Promise<Flow | undefined> {
      const version = await scoped(db, tenantId)
        .selectFrom('processFlowVersions')
        .select(['version', 'graph'])
        .where('processId', '=', processId)
        .where('id', '=', versionId)
        .executeTakeFirst();
      if (!version) return undefined;
      return repository.saveDraft(tenantId, processId, version.version, graphOf(version.graph));
    },

    /** The state a flow keeps for a chat session (JSON), or undefined before its first answer. */
    async sessionState(tenantId: string, processId: string, sessionId: string): Promise<string | undefined> {
      const row = await scoped(db, tenantId)
        .selectFrom('flowSessionStates')
        .select('state')
        .where('processId', '=', processId)
        .where('sessionId', '=', sessionId)
        .executeTakeFirst();
      return row?.state;
    },

    async saveSessionState(tenantId: string, processId: string, sessionId: string, state: string): Promise<void> {
      const now = isoNow();
      await scoped(db, tenantId)
        .insertInto('flowSessionStates', { sessionId, processId, state, updatedAt: now })
        .onConflict((conflict) =>
          conflict
            .column('sessionId')
            .doUpdateSet({ state, updatedAt: now })
            // A session id is the server's uuid; still, never write over another tenant's or robot's row.
            .where('flowSessionStates.tenantId', '=', tenantId)
            .where('flowSessionStates.processId', '=', processId),
        )
        .execute();
    },

    /** A new flow robot's flow: draft and published at once (version 1), so it answers from the start. */
    async createPublished(
      tenantId: string,
      processId: string,
      version: FlowVersion,
      graph: FlowGraph,
      publishedBy: string,
    ): Promise<Flow | undefined> {
      await repository.saveDraft(tenantId, processId, version, graph);
      return repository.publish(tenantId, processId, publishedBy);
    },
  };
  return repository;
}

export type FlowsRepository = ReturnType<typeof flowsRepository>;
