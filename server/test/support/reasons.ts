import { ReasonError } from '../../src/knowledge/reasons';

/** The reason a parse fails with; fails the test when it does not fail with a ReasonError. */
export async function reasonOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ReasonError) return error.reason;
    throw error;
  }
  throw new Error('expected a ReasonError');
}
