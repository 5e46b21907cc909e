import { Button, Input, Table, Tag, IconFile } from '@flotilla/shared/ui/semi';
import type { ColumnProps, TagColor } from '@flotilla/shared/ui/semi';
import { LEDGER_KINDS, useDateTime, useT, type LedgerEntry, type LedgerKind } from '@flotilla/shared';
import { EmptyState, ErrorState, LabelledSelect, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import { PAGE_SIZE_OPTIONS, type KindFilter } from '../lib/ledger-query';
import {
  $exporting,
  $filters,
  $ledgerError,
  $ledgerLoading,
  $page,
  $statement,
  exportClicked,
  fromDateChanged,
  kindFilterChanged,
  ledgerPageChanged,
  ledgerRetryClicked,
  toDateChanged,
} from '../recharge-center.model';

const KIND_COLORS: Record<LedgerKind, TagColor> = {
  recharge: 'green',
  answer: 'blue',
  refund: 'cyan',
  referral: 'purple',
  adjustment: 'orange',
};

/** The viewed user's ledger: kind and date filters, the export of what they select, the table paged on the server. */
export function LedgerPanel() {
  const t = useT();
  const formatDate = useDateTime();
  const [statement, filters, page, loading, error, exporting] = useUnit([
    $statement,
    $filters,
    $page,
    $ledgerLoading,
    $ledgerError,
    $exporting,
  ]);
  const events = useUnit({
    kindChanged: kindFilterChanged,
    fromChanged: fromDateChanged,
    toChanged: toDateChanged,
    paged: ledgerPageChanged,
    retried: ledgerRetryClicked,
    exported: exportClicked,
  });

  const columns = useMemo<ColumnProps<LedgerEntry>[]>(
    () => [
      {
        title: t('users.recharge.ledger.time'),
        dataIndex: 'createdAt',
        width: 180,
        render: (createdAt: string) => <span className="flu-recharge__muted">{formatDate(createdAt)}</span>,
      },
      {
        title: t('users.recharge.ledger.kind'),
        dataIndex: 'kind',
        width: 120,
        render: (kind: LedgerKind) => <Tag color={KIND_COLORS[kind]}>{t(`users.recharge.kind.${kind}`)}</Tag>,
      },
      {
        title: t('users.recharge.ledger.amount'),
        dataIndex: 'amount',
        align: 'right',
        width: 110,
        render: (amount: number) => (
          <span className={amount >= 0 ? 'flu-recharge__plus' : 'flu-recharge__minus'}>
            {amount > 0 ? `+${amount.toLocaleString()}` : amount.toLocaleString()}
          </span>
        ),
      },
      {
        title: t('users.recharge.ledger.balanceAfter'),
        dataIndex: 'balanceAfter',
        align: 'right',
        width: 120,
        render: (balance: number) => balance.toLocaleString(),
      },
      {
        title: t('users.recharge.ledger.remark'),
        dataIndex: 'remark',
        render: (remark: string) => remark || <span className="flu-recharge__muted">—</span>,
      },
    ],
    [t, formatDate],
  );

  const filtered = filters.kind !== 'all' || filters.from !== '' || filters.to !== '';
  const total = statement?.total ?? 0;

  return (
    <Surface>
      <div className="flu-recharge__toolbar">
        <LabelledSelect
          label={t('users.recharge.ledger.kind')}
          value={filters.kind}
          style={{ width: 150 }}
          motion={false}
          onChange={(value) => events.kindChanged(value as KindFilter)}
          optionList={[
            { value: 'all', label: t('users.recharge.kind.all') },
            ...LEDGER_KINDS.map((kind) => ({ value: kind, label: t(`users.recharge.kind.${kind}`) })),
          ]}
          data-testid="ledger-kind"
        />
        <label className="flu-recharge__field">
          <span className="flu-recharge__muted">{t('users.recharge.ledger.from')}</span>
          <Input
            type="date"
            className="flu-recharge__date"
            value={filters.from}
            max={filters.to || undefined}
            aria-label={t('users.recharge.ledger.from')}
            onChange={(value) => events.fromChanged(value)}
          />
        </label>
        <label className="flu-recharge__field">
          <span className="flu-recharge__muted">{t('users.recharge.ledger.to')}</span>
          <Input
            type="date"
            className="flu-recharge__date"
            value={filters.to}
            min={filters.from || undefined}
            aria-label={t('users.recharge.ledger.to')}
            onChange={(value) => events.toChanged(value)}
          />
        </label>
        <Button
          className="flu-recharge__toolbar-end"
          icon={<IconFile />}
          loading={exporting}
          disabled={!statement}
          onClick={() => events.exported()}
          data-testid="ledger-export"
        >
          {t('users.recharge.export')}
        </Button>
      </div>
      {error && !statement ? (
        <ErrorState
          title={t('users.recharge.ledger.error')}
          description={error.message}
          onRetry={() => events.retried()}
        />
      ) : (
        <Table<LedgerEntry>
          rowKey="id"
          columns={columns}
          dataSource={statement?.ledger ?? []}
          loading={loading}
          className="flu-recharge__table"
          scroll={{ x: 720 }}
          data-testid="ledger"
          empty={
            statement ? (
              <EmptyState
                title={t(filtered ? 'users.recharge.ledger.noMatch' : 'users.recharge.ledger.empty')}
                description={t(filtered ? 'users.recharge.ledger.noMatchHint' : 'users.recharge.ledger.emptyHint')}
              />
            ) : null
          }
          pagination={
            total > 0
              ? {
                  currentPage: page.page,
                  pageSize: page.pageSize,
                  total,
                  showSizeChanger: true,
                  pageSizeOpts: PAGE_SIZE_OPTIONS,
                  onChange: (currentPage: number, pageSize: number) => events.paged({ page: currentPage, pageSize }),
                }
              : false
          }
        />
      )}
    </Surface>
  );
}
