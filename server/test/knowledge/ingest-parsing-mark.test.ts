import { describe, expect, it } from 'vitest';
import type { DatasetFile } from '@flotilla/shared/contracts';
import { ingestHandlers } from '../../src/jobs/ingest';
import { JobRun } from '../../src/jobs/worker';
import type { DocumentParser, SplitDocument } from '../../src/knowledge/parse-pool';
import { UploadFiles } from '../../src/plugins/app/uploads/upload-files';
import { useTestApp } from '../helper';
import { createDataset, upload } from '../support/datasets';
import { docx } from '../support/documents';

// No worker of its own: the test runs the parse job's handler itself, with a parser that watches the job.
const t = useTestApp({ config: { jobWorkers: 0 } });

describe('a parse job', () => {
  it(
    'is marked as parsing from the moment a parser process takes its file until its last segments are back',
    { timeout: 60_000 },
    async () => {
      const operator = (await t.createUser(await t.login(), 'operator')).token;
      const dataset = await createDataset(t, operator);
      const file = (
        await upload(t, operator, dataset.id, 'policy.docx', docx(['Returns are free within seven days.']))
      ).json<DatasetFile>();
      const marks: Array<string | null | undefined> = [];
      const markNow = async () => void marks.push((await t.app.repos.jobs.byId(file.jobId as string))?.parsingSince);
      const watching: DocumentParser = {
        text: (type, bytes, options) => t.app.parser.text(type, bytes, options),
        sheets: (type, bytes, options) => t.app.parser.sheets(type, bytes, options),
        split: async (type, bytes, settings, options) => {
          await markNow();
          const started = async () => {
            await options?.started?.();
            await markNow();
          };
          const document = await t.app.parser.split(type, bytes, settings, { ...options, started });
          const { batches } = document;
          // Looks again as each batch of segments is read (here one, the last).
          const watched: SplitDocument['batches'] = {
            next: async () => {
              const result = await batches.next();
              if (!result.done) await markNow();
              return result;
            },
            close: () => batches.close(),
            [Symbol.asyncIterator]: () => watched,
          };
          return { ...document, batches: watched };
        },
      };
      const handlers = ingestHandlers({
        repos: t.app.repos,
        files: new UploadFiles(t.app.config.dataDir),
        embedder: t.app.embedder,
        parser: watching,
      });

      const job = await t.app.repos.jobs.claimNext();
      expect(job?.id).toBe(file.jobId);
      if (!job) return;
      expect(await handlers.parseFile(job, new JobRun(job, new AbortController(), t.app.repos.jobs, 0))).toBe('done');
      // Not while waiting for a parser; from its start; and still when its last batch of segments is read.
      expect(marks).toEqual([null, expect.any(String), expect.any(String)]);
      expect(await t.app.repos.jobs.byId(job.id)).toMatchObject({ status: 'done', parsingSince: null });
    },
  );
});
