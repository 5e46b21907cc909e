import { Spin, TabPane, Tabs, Tag, Typography } from '@flotilla/shared/ui/semi';
import { failureText, useT } from '@flotilla/shared';
import { EmptyState, ErrorState, Page, PageHeader } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { kindLabelId } from '../../../lib/database-kind';
import { DATABASE_TABS, type DatabaseTab } from '../../../lib/database-paths';
import { BackToDatabases } from '../../../ui/back-to-databases';
import { ImportTab } from '../../database-import/ui/import-tab';
import { QueryLogTab } from '../../database-queries/ui/query-log-tab';
import { RowsTab } from '../../database-rows/ui/rows-tab';
import { TablesTab } from '../../database-tables/ui/tables-tab';
import {
  $database,
  $databaseId,
  $detailFailure,
  $detailStatus,
  databaseDetailOpened,
  databaseDetailRetryClicked,
} from '../database-detail.model';

function isTab(value: string | null): value is DatabaseTab {
  return (DATABASE_TABS as readonly (string | null)[]).includes(value);
}

/** `/database/:id?/detail`: one database — its tables, rows, imports (built-in only) and query log. */
export function DatabaseDetailPage() {
  const t = useT();
  const { id } = useParams();
  const [searchParams, setSearchParams] = useSearchParams();
  const m = useUnit({
    shownId: $databaseId,
    database: $database,
    status: $detailStatus,
    failure: $detailFailure,
    opened: databaseDetailOpened,
    retried: databaseDetailRetryClicked,
  });
  const { opened } = m;
  useEffect(() => {
    opened(id);
  }, [id, opened]);

  // Until the model has caught up with the route (first render), the stored state is another database's.
  const current = m.shownId === (id || null);
  const status = current ? m.status : 'loading';
  const database = current ? m.database : null;

  if (status === 'not-found') {
    return (
      <Page>
        <BackToDatabases />
        <EmptyState
          title={t('datasets.database.detail.notFound')}
          description={t('datasets.database.detail.notFoundHint')}
        />
      </Page>
    );
  }
  if (status === 'error' && !database) {
    return (
      <Page>
        <BackToDatabases />
        <ErrorState
          title={t('datasets.database.detail.loadFailed')}
          description={m.failure ? failureText(m.failure, t) : undefined}
          onRetry={m.retried}
        />
      </Page>
    );
  }
  if (!database) {
    return (
      <Page>
        <BackToDatabases />
        <Spin size="large" tip={t('datasets.database.detail.loading')} style={{ width: '100%', padding: 48 }} />
      </Page>
    );
  }

  const builtin = database.kind === 'builtin';
  const tabParam = searchParams.get('tab');
  // Imports write tables: only a built-in database has the tab.
  const tab: DatabaseTab = isTab(tabParam) && (builtin || tabParam !== 'import') ? tabParam : 'tables';
  const address = builtin
    ? t('datasets.database.list.builtinAddress')
    : `${database.host}:${database.port}/${database.database}`;

  return (
    <Page>
      <PageHeader
        back={<BackToDatabases />}
        title={
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, flexWrap: 'wrap' }}>
            {database.name}
            <Tag>{t(kindLabelId(database.kind))}</Tag>
          </span>
        }
        description={
          <>
            <Typography.Text type="tertiary" style={{ wordBreak: 'break-all' }}>
              {address}
            </Typography.Text>
            {database.description && <span> · {database.description}</span>}
          </>
        }
      />
      <Tabs
        type="line"
        activeKey={tab}
        keepDOM={false}
        collapsible
        onChange={(key) => setSearchParams(key === 'tables' ? {} : { tab: key }, { replace: true })}
      >
        <TabPane tab={t('datasets.database.tab.tables')} itemKey="tables">
          <div style={{ paddingTop: 12 }}>
            <TablesTab databaseId={database.id} />
          </div>
        </TabPane>
        <TabPane tab={t('datasets.database.tab.rows')} itemKey="rows">
          <div style={{ paddingTop: 12 }}>
            <RowsTab database={database} />
          </div>
        </TabPane>
        {builtin && (
          <TabPane tab={t('datasets.database.tab.import')} itemKey="import">
            <div style={{ paddingTop: 12 }}>
              <ImportTab databaseId={database.id} />
            </div>
          </TabPane>
        )}
        <TabPane tab={t('datasets.database.tab.queries')} itemKey="queries">
          <div style={{ paddingTop: 12 }}>
            <QueryLogTab databaseId={database.id} />
          </div>
        </TabPane>
      </Tabs>
    </Page>
  );
}
