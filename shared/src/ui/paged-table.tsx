import { Input, Table, Typography, IconSearch } from './semi';
import type { ColumnProps, TableProps } from './semi';
import { useUnit } from 'effector-react';
import type { ReactNode } from 'react';
import { failureText } from '../http';
import { useT } from '../i18n';
import type { ListQuery, PagedList } from '../lists';
import { ErrorState } from './error-state';

/** What {@link PagedTable} shows around the rows of a {@link PagedList}; every text comes translated. */
export type PagedTableProps<Query extends ListQuery, Item extends Record<string, unknown>> = {
  list: PagedList<Query, Item>;
  columns: ColumnProps<Item>[];
  rowKey: TableProps<Item>['rowKey'];
  onRow?: TableProps<Item>['onRow'];
  /** Placeholder and accessible name of the search box. */
  searchLabel: string;
  /** More filters next to the search box (a status switch, say). */
  filters?: ReactNode;
  /** The count line shown once a page is on screen. */
  totalLabel: (total: number) => ReactNode;
  /** Shown when a page arrives without rows (a placeholder stands in while loading). */
  empty: ReactNode;
  /** Title of the error state when the page failed to load. */
  failedTitle: string;
};

/**
 * The body of a list page searched and paged on the server: search box (and filters) with the
 * count, then the table with its pager — or the error state with Retry when the page failed.
 */
export function PagedTable<Query extends ListQuery, Item extends Record<string, unknown>>(
  props: PagedTableProps<Query, Item>,
) {
  const { list, columns, rowKey, onRow, searchLabel, filters, totalLabel, empty, failedTitle } = props;
  const t = useT();
  const model = useUnit({
    items: list.$items,
    total: list.$total,
    status: list.$status,
    loading: list.$loading,
    failure: list.$failure,
    page: list.$page,
    pageSize: list.$pageSize,
    searchText: list.$searchText,
    searchChanged: list.keywordChanged,
    pageChanged: list.pageChanged,
    retried: list.reloadRequested,
  });

  const search = (
    <Input
      prefix={<IconSearch />}
      showClear
      value={model.searchText}
      onChange={(value) => model.searchChanged(value)}
      placeholder={searchLabel}
      aria-label={searchLabel}
      style={{ width: 280, maxWidth: '100%' }}
    />
  );

  return (
    <>
      <div
        style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 16, flexWrap: 'wrap' }}
      >
        {filters ? (
          <div style={{ display: 'flex', alignItems: 'center', gap: 12, flexWrap: 'wrap' }}>
            {search}
            {filters}
          </div>
        ) : (
          search
        )}
        {model.status === 'ready' && <Typography.Text type="tertiary">{totalLabel(model.total)}</Typography.Text>}
      </div>
      {model.status === 'error' ? (
        <ErrorState
          title={failedTitle}
          description={model.failure ? failureText(model.failure, t) : undefined}
          onRetry={model.retried}
        />
      ) : (
        <Table<Item>
          rowKey={rowKey}
          columns={columns}
          dataSource={model.items}
          loading={model.loading}
          empty={model.loading ? <div style={{ height: 160 }} /> : empty}
          {...(onRow ? { onRow } : {})}
          pagination={
            model.total > model.pageSize
              ? {
                  currentPage: model.page,
                  pageSize: model.pageSize,
                  total: model.total,
                  onPageChange: model.pageChanged,
                }
              : false
          }
        />
      )}
    </>
  );
}
