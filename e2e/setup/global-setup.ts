import type { TestProject } from 'vitest/node';
import { ADMIN, ensureBuilds, startServer } from '../support/server';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    admin: { username: string; password: string };
  }
}

/** Builds what is missing, then runs one real server for the browser tests. */
export default async function setup(project: TestProject) {
  ensureBuilds();
  const server = await startServer();
  project.provide('baseUrl', server.url);
  project.provide('admin', { ...ADMIN });
  return () => server.stop();
}
