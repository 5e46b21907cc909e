import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Dataset, SegmentListResponse } from '@flotilla/shared/contracts';
import { segmentId } from '../../src/plugins/app/datasets/dataset-files-repository';
import { searchText } from '../../src/search/tokenize';
import { useTestApp } from '../helper';
import { createDataset, segmentRows, uploadAndWait } from '../support/datasets';

const t = useTestApp();
let operator: string;

beforeAll(async () => {
  operator = (await t.createUser(await t.login(), 'operator')).token;
});

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('segment ids', () => {
  it('are UUIDs of version 7, unique, and in the order they were made', () => {
    const ids = Array.from({ length: 10_000 }, segmentId);
    for (const id of ids.slice(0, 100)) expect(id).toMatch(UUID_V7);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });
});

describe('a parse job of a large file', () => {
  it(
    'commits every segment once, in order, tokenised off the main thread as searchText() does, and indexed',
    { timeout: 60_000 },
    async () => {
      const dataset = await createDataset(t, operator, { chunkSize: 100, overlap: 0 });
      // ~2000 segments: more batches than a job keeps at the tokenizer at once (16 of 100), and more than one
      // INSERT of 512 rows, the last one padded.
      const lines = Array.from(
        { length: 2000 },
        (_, i) => `第${i}条：我们的退货政策是七天无理由退货。Item ${i} ships in ${i % 9} days, policies apply.`,
      );
      lines.push('最后一段：独一无二的暗号 zyzzyva.');
      const file = await uploadAndWait(t, operator, dataset.id, 'large.txt', Buffer.from(lines.join('\n')));
      expect(file).toMatchObject({ status: 'done', error: null });

      const segments = await segmentRows(t, { fileId: file.id });
      expect(segments.length).toBe(file.segmentCount);
      expect(segments.length).toBeGreaterThan(1700);
      expect(segments.map((s) => s.position)).toEqual(segments.map((_, i) => i));
      expect(new Set(segments.map((s) => s.id)).size).toBe(segments.length);
      for (const segment of segments) {
        expect(segment.id).toMatch(UUID_V7);
        expect(segment.searchText).toBe(searchText(segment.text));
      }
      expect((await t.get(`/v1/datasets/${dataset.id}`, { token: operator })).json<Dataset>()).toMatchObject({
        fileCount: 1,
        segmentCount: segments.length,
      });

      const found = await t.post('/v1/datasets/segments', {
        token: operator,
        body: { datasetIds: [dataset.id], query: '暗号 zyzzyva', mode: 'fulltext', limit: 5 },
      });
      expect(found.statusCode, found.body).toBe(200);
      expect(found.json<SegmentListResponse>().list[0]?.text).toContain('独一无二的暗号');

      if (t.app.dbDialect === 'sqlite') {
        await sql`insert into segments_fts (segments_fts) values ('integrity-check')`.execute(t.app.db);
        const { rows } = await sql<{
          n: number;
        }>`select count(*) as n from segments_fts where segments_fts match '"退货"'`.execute(t.app.db);
        expect(Number(rows[0]?.n)).toBe(segments.filter((s) => s.searchText.split(' ').includes('退货')).length);
      }
    },
  );
});
