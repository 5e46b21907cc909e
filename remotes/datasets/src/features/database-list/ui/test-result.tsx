import { Banner } from '@flotilla/shared/ui/semi';
import { failureText, useT, type DatabaseTestError, type Failure, type TestDatabaseResponse } from '@flotilla/shared';

/** The message id of a failed connection test's reason. */
export function testErrorId(code: DatabaseTestError | undefined): string {
  return `datasets.database.test.error.${code ?? 'CONNECTION_FAILED'}`;
}

/** What the last connection test said: it answered, why it did not, or why the test itself failed. */
export function TestResult({ result, failure }: { result: TestDatabaseResponse | null; failure: Failure | null }) {
  const t = useT();
  if (failure)
    return (
      <Banner
        type="danger"
        fullMode={false}
        closeIcon={null}
        title={t('datasets.database.test.failed')}
        description={failureText(failure, t)}
      />
    );
  if (!result) return null;
  if (result.ok)
    return <Banner type="success" fullMode={false} closeIcon={null} description={t('datasets.database.test.ok')} />;
  return (
    <Banner
      type="warning"
      fullMode={false}
      closeIcon={null}
      title={t('datasets.database.test.notOk')}
      description={t(testErrorId(result.error))}
    />
  );
}
