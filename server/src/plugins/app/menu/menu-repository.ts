import { readFileSync } from 'node:fs';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { LocalizedTextSchema, RoleSchema, type MenuItem, type Role } from '@flotilla/shared/contracts';
import type { Database } from '../../../db/database';

const MenuSeedSchema = Type.Object({
  items: Type.Array(
    Type.Object({
      key: Type.String({ minLength: 1 }),
      parent: Type.Optional(Type.String()),
      title: LocalizedTextSchema,
      path: Type.String(),
      icon: Type.String(),
      order: Type.Integer(),
      hidden: Type.Optional(Type.Boolean()),
      roles: Type.Array(RoleSchema),
    }),
  ),
});
export type MenuSeed = Static<typeof MenuSeedSchema>;

export const MENU_SEED_FILE = new URL('../../../db/seed/menu.json', import.meta.url);

export function readMenuSeed(file: URL | string = MENU_SEED_FILE): MenuSeed {
  const data: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!Value.Check(MenuSeedSchema, data)) {
    const first = [...Value.Errors(MenuSeedSchema, data)][0];
    throw new Error(`Invalid menu seed ${String(file)}: ${first?.path} ${first?.message}`);
  }
  return data;
}

// The menu is platform data, the same for every tenant, so it is not tenant-scoped.
export function menuRepository(db: Database) {
  return {
    /** Adds the seed's entries that are not in the table yet; entries already there are left as they are. */
    async seed(seed: MenuSeed): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const existing = new Set((await trx.selectFrom('menuItems').select('key').execute()).map((r) => r.key));
        // Parents first, so the parent_key foreign key holds.
        const items = [...seed.items].sort((a, b) => Number(Boolean(a.parent)) - Number(Boolean(b.parent)));
        for (const item of items) {
          if (existing.has(item.key)) continue;
          await trx
            .insertInto('menuItems')
            .values({
              key: item.key,
              parentKey: item.parent ?? null,
              titleZh: item.title['zh-CN'],
              titleEn: item.title['en-US'],
              path: item.path,
              icon: item.icon,
              sortOrder: item.order,
              position: seed.items.indexOf(item),
              hidden: item.hidden ? 1 : 0,
            })
            // Another server process starting at the same moment may have seeded it.
            .onConflict((oc) => oc.column('key').doNothing())
            .execute();
          if (item.roles.length > 0) {
            await trx
              .insertInto('menuItemRoles')
              .values(item.roles.map((role) => ({ itemKey: item.key, role })))
              .onConflict((oc) => oc.columns(['itemKey', 'role']).doNothing())
              .execute();
          }
        }
      });
    },

    /** The entries `role` may see, as a tree sorted by order. */
    async forRole(role: Role): Promise<MenuItem[]> {
      const rows = await db
        .selectFrom('menuItems')
        .innerJoin('menuItemRoles', 'menuItemRoles.itemKey', 'menuItems.key')
        .selectAll('menuItems')
        .where('menuItemRoles.role', '=', role)
        .orderBy('menuItems.sortOrder')
        .orderBy('menuItems.position')
        .execute();
      const nodes = new Map<string, MenuItem>();
      for (const row of rows) {
        nodes.set(row.key, {
          key: row.key,
          title: { 'zh-CN': row.titleZh, 'en-US': row.titleEn },
          path: row.path,
          icon: row.icon,
          order: row.sortOrder,
          hidden: row.hidden === 1,
          children: [],
        });
      }
      const roots: MenuItem[] = [];
      for (const row of rows) {
        const node = nodes.get(row.key) as MenuItem;
        // A child whose parent the role cannot see is not shown either.
        if (row.parentKey === null) roots.push(node);
        else nodes.get(row.parentKey)?.children.push(node);
      }
      return roots;
    },
  };
}
