import { describe, expect, it } from 'vitest';
import { containsPattern, matchesPattern } from '../../src/db/filters';
import { prepare } from '../../src/db/prepared';
import { scoped } from '../../src/db/scoped';
import { useTestApp } from '../helper';

const t = useTestApp();

describe("prepared queries (on this run's database: SQLite or PostgreSQL)", () => {
  it('binds new values on every call and maps columns to camelCase', async () => {
    const admin = await t.login();
    const me = (await t.get('/v1/users/me', { token: admin })).json() as { id: string; tenantId: string };
    await t.post('/v1/processes', { token: admin, body: { name: 'Alpha desk' } });
    await t.post('/v1/processes', { token: admin, body: { name: 'Beta desk' } });
    const db = t.app.db;
    const byName = prepare(db, (p: { tenantId: string; pattern: string }) =>
      scoped(db, p.tenantId)
        .selectFrom('processes')
        .select(['processes.name', 'processes.adminId'])
        .where(matchesPattern('processes.name', p.pattern)),
    );
    expect(await byName({ tenantId: me.tenantId, pattern: containsPattern('alpha') })).toEqual([
      { name: 'Alpha desk', adminId: me.id },
    ]);
    expect(await byName({ tenantId: me.tenantId, pattern: containsPattern('beta') })).toEqual([
      { name: 'Beta desk', adminId: me.id },
    ]);
    expect(await byName({ tenantId: 'another-tenant', pattern: containsPattern('desk') })).toEqual([]);
  });

  it('refuses a placeholder used inside an expression instead of sending it to the database', async () => {
    const db = t.app.db;
    const wrong = prepare(db, (p: { keyword: string }) =>
      db.selectFrom('processes').select('name').where('name', '=', `${p.keyword}%`),
    );
    await expect(wrong({ keyword: 'x' })).rejects.toThrow(/placeholder was used inside an expression/);
  });
});
