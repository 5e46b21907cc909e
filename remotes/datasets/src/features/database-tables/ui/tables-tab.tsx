import { Button, List, Spin, Tag, Typography } from '@flotilla/shared/ui/semi';
import { failureText, useT } from '@flotilla/shared';
import { EmptyState, ErrorState, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect } from 'react';
import {
  $shownTable,
  $tables,
  $tablesFailure,
  $tablesStatus,
  tableSelected,
  tablesRetryClicked,
  tablesShown,
} from '../database-tables.model';
import { TableEditor } from './table-editor';

/** The Tables tab: the database's tables (gone ones marked) and the chosen one's descriptions and keys. */
export function TablesTab({ databaseId }: { databaseId: string }) {
  const t = useT();
  const m = useUnit({
    tables: $tables,
    status: $tablesStatus,
    failure: $tablesFailure,
    shown: $shownTable,
    shownTables: tablesShown,
    selected: tableSelected,
    retried: tablesRetryClicked,
  });
  const { shownTables } = m;
  useEffect(() => {
    shownTables(databaseId);
  }, [databaseId, shownTables]);

  if (m.status === 'error')
    return (
      <ErrorState
        title={t('datasets.database.tables.loadFailed')}
        description={m.failure ? failureText(m.failure, t) : undefined}
        onRetry={m.retried}
      />
    );
  if (m.status === 'loading' && m.tables.length === 0)
    return <Spin size="large" style={{ width: '100%', padding: 48 }} />;
  if (m.tables.length === 0)
    return (
      <EmptyState title={t('datasets.database.tables.empty')} description={t('datasets.database.tables.emptyHint')} />
    );

  return (
    <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', alignItems: 'flex-start' }}>
      <div style={{ flex: '1 1 220px', maxWidth: '100%' }}>
        <Surface>
          <Typography.Text type="tertiary">
            {t('datasets.database.tables.count', { count: m.tables.length })}
          </Typography.Text>
          <List
            dataSource={m.tables}
            split={false}
            renderItem={(table) => (
              <List.Item style={{ padding: '2px 0' }}>
                <Button
                  theme={m.shown?.name === table.name ? 'light' : 'borderless'}
                  type={m.shown?.name === table.name ? 'primary' : 'tertiary'}
                  aria-pressed={m.shown?.name === table.name}
                  onClick={() => m.selected(table.name)}
                  style={{ width: '100%', justifyContent: 'flex-start', height: 'auto', minHeight: 32 }}
                >
                  <span style={{ display: 'inline-flex', gap: 6, alignItems: 'center', flexWrap: 'wrap' }}>
                    <span style={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>{table.name}</span>
                    {table.gone && (
                      <Tag color="orange" size="small">
                        {t('datasets.database.tables.gone')}
                      </Tag>
                    )}
                  </span>
                </Button>
              </List.Item>
            )}
          />
        </Surface>
      </div>
      {m.shown && (
        <div style={{ flex: '3 1 420px', minWidth: 0, maxWidth: '100%' }}>
          <Surface>
            <TableEditor key={`${databaseId}/${m.shown.name}`} table={m.shown} />
          </Surface>
        </div>
      )}
    </div>
  );
}
