import { Button, Table, Tag, Typography, IconClose } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import { useDateTime, useT, type Invitee } from '@flotilla/shared';
import { EmptyState, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useMemo } from 'react';
import {
  $invitees,
  $inviteesLoading,
  $inviteesTotal,
  $isAdmin,
  $page,
  $referrerFilter,
  inviteesPageChanged,
  referrerFilterChosen,
} from '../distribution.model';

/** Who registered with a code: an admin sees the tenant's (a referrer's name narrows to theirs), others their own. */
export function InviteesPanel() {
  const t = useT();
  const formatDate = useDateTime();
  const [invitees, total, loading, isAdmin, page, referrer] = useUnit([
    $invitees,
    $inviteesTotal,
    $inviteesLoading,
    $isAdmin,
    $page,
    $referrerFilter,
  ]);
  const events = useUnit({ paged: inviteesPageChanged, referrerChosen: referrerFilterChosen });

  const columns = useMemo<ColumnProps<Invitee>[]>(
    () => [
      { title: t('users.referrals.invitees.name'), dataIndex: 'refereeName' },
      { title: t('users.referrals.invitees.phone'), dataIndex: 'phone', width: 150 },
      ...(isAdmin
        ? [
            {
              title: t('users.referrals.invitees.referrer'),
              dataIndex: 'referrerName',
              render: (name: string, row: Invitee) => (
                <button
                  type="button"
                  className="flu-referrals__referrer"
                  title={t('users.referrals.invitees.onlyTheirs')}
                  onClick={() => events.referrerChosen({ id: row.referrerId, name })}
                >
                  {name}
                </button>
              ),
            },
          ]
        : []),
      {
        title: t('users.referrals.invitees.rewards'),
        dataIndex: 'referrerReward',
        align: 'right',
        width: 150,
        render: (_: number, row: Invitee) =>
          row.referrerReward + row.refereeReward > 0 ? (
            t('users.referrals.invitees.rewardPair', { referrer: row.referrerReward, referee: row.refereeReward })
          ) : (
            <span className="flu-referrals__muted">{t('users.referrals.invitees.noReward')}</span>
          ),
      },
      {
        title: t('users.referrals.invitees.time'),
        dataIndex: 'createdAt',
        width: 180,
        render: (createdAt: string) => <span className="flu-referrals__muted">{formatDate(createdAt)}</span>,
      },
    ],
    [t, formatDate, isAdmin, events],
  );

  return (
    <Surface>
      <div className="flu-referrals__toolbar">
        <Typography.Title heading={6} style={{ margin: 0 }}>
          {t(isAdmin ? 'users.referrals.invitees.all' : 'users.referrals.invitees.mine')}
        </Typography.Title>
        {referrer && (
          <Tag size="large" data-testid="referrer-filter">
            {t('users.referrals.invitees.referredBy', { name: referrer.name })}
            <Button
              size="small"
              theme="borderless"
              icon={<IconClose />}
              aria-label={t('users.referrals.invitees.clearReferrer')}
              onClick={() => events.referrerChosen(null)}
            />
          </Tag>
        )}
        <span className="flu-referrals__muted">{t('users.referrals.invitees.total', { total })}</span>
      </div>
      <Table<Invitee>
        rowKey="id"
        columns={columns}
        dataSource={invitees}
        loading={loading}
        scroll={{ x: 640 }}
        data-testid="invitees"
        empty={
          <EmptyState
            title={t('users.referrals.invitees.empty')}
            description={t('users.referrals.invitees.emptyHint')}
          />
        }
        pagination={
          total > 0
            ? {
                currentPage: page.page,
                pageSize: page.pageSize,
                total,
                onChange: (currentPage: number, pageSize: number) => events.paged({ page: currentPage, pageSize }),
              }
            : false
        }
      />
    </Surface>
  );
}
