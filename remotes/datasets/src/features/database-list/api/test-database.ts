import { request, TestDatabase, type TestDatabaseBody, type TestDatabaseResponse } from '@flotilla/shared';

/** Tries the connection; a database that did not answer is still a 200 with the reason's code. */
export function testDatabase(body: TestDatabaseBody): Promise<TestDatabaseResponse> {
  return request(TestDatabase, { body, inline: true });
}
