import { describe, expect, it } from 'vitest';
import type { DatasetFile } from '@flotilla/shared/contracts';
import { ingestHandlers } from '../../src/jobs/ingest';
import { JobRun } from '../../src/jobs/worker';
import type { DocumentParser } from '../../src/knowledge/parse-pool';
import { UploadFiles } from '../../src/plugins/app/uploads/upload-files';
import { useTestApp } from '../helper';
import { createDataset, upload } from '../support/datasets';
import { docx } from '../support/documents';

// No worker of its own: the test runs the parse job's handler itself, with a parser that watches the job.
const t = useTestApp({ config: { jobWorkers: 0 } });

describe('a parse job', () => {
  it('is marked as parsing from the moment a parser process takes its file until the text is back', { timeout: 60_000 }, async () => {
    const operator = (await t.createUser(await t.login(), 'operator')).token;
    const dataset = await createDataset(t, operator);
    const file = (await upload(t, operator, dataset.id, 'policy.docx', docx(['Returns are free within seven days.']))).json<DatasetFile>();
    const marks: Array<string | null | undefined> = [];
    const markNow = async () => void marks.push((await t.app.repos.jobs.byId(file.jobId as string))?.parsingSince);
    const watching: DocumentParser = {
      text: async (type, bytes, options) => {
        await markNow();
        const started = async () => {
          await options?.started?.();
          await markNow();
        };
        const text = await t.app.parser.text(type, bytes, { ...options, started });
        await markNow();
        return text;
      },
      sheets: (type, bytes, options) => t.app.parser.sheets(type, bytes, options),
    };
    const handlers = ingestHandlers({ repos: t.app.repos, files: new UploadFiles(t.app.config.dataDir), embedder: t.app.embedder, parser: watching });

    const job = await t.app.repos.jobs.claimNext();
    expect(job?.id).toBe(file.jobId);
    if (!job) return;
    expect(await handlers.parseFile(job, new JobRun(job, new AbortController(), t.app.repos.jobs, 0))).toBe('done');
    // Not while waiting for a parser; from its start; and still until the handler has the text.
    expect(marks).toEqual([null, expect.any(String), expect.any(String)]);
    expect(await t.app.repos.jobs.byId(job.id)).toMatchObject({ status: 'done', parsingSince: null });
  });
});
