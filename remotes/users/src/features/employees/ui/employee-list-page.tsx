import { Button, Input, Select, Table, Tag, Typography, IconPlus, IconSearch } from '@flotilla/shared/ui/semi';
import type { ColumnProps } from '@flotilla/shared/ui/semi';
import {
  $locale,
  $user,
  ADMINS,
  formatDateTime,
  Permission,
  ROLES,
  useT,
  type Role,
  type User,
} from '@flotilla/shared';
import { EmptyState, ErrorState, Page, PageHeader, Surface } from '@flotilla/shared/ui';
import { useUnit } from 'effector-react';
import { useEffect, useMemo, useState } from 'react';
import { UserSheetActions } from '../../user-import/ui/user-sheet-actions';
import { PAGE_SIZE_OPTIONS, type RoleFilter, type StatusFilter } from '../lib/list-query';
import {
  $busyUserIds,
  $filters,
  $listError,
  $listLoaded,
  $listLoading,
  $page,
  $total,
  $users,
  createUserClicked,
  employeeListOpened,
  keywordSearched,
  listRetryClicked,
  pageChanged,
  roleFilterChanged,
  statusFilterChanged,
} from '../employees.model';
import { CreateUserModal } from './create-user-modal';
import { FreezeAction } from './freeze-action';
import './employees.css';

const ROLE_COLORS: Record<Role, 'red' | 'blue' | 'green'> = { admin: 'red', operator: 'blue', agent: 'green' };
const STATUS_FILTERS: StatusFilter[] = ['all', 'active', 'frozen'];

/** `/employee-list`: the tenant's users with server-side search, filters and paging; create, freeze, unfreeze. */
export function EmployeeListPage() {
  const t = useT();
  const [users, total, filters, page, loading, loaded, error, busyIds, me, locale] = useUnit([
    $users,
    $total,
    $filters,
    $page,
    $listLoading,
    $listLoaded,
    $listError,
    $busyUserIds,
    $user,
    $locale,
  ]);
  const events = useUnit({
    opened: employeeListOpened,
    searched: keywordSearched,
    roleChanged: roleFilterChanged,
    statusChanged: statusFilterChanged,
    paged: pageChanged,
    retried: listRetryClicked,
    createClicked: createUserClicked,
  });
  const [keyword, setKeyword] = useState(filters.keyword);

  const { opened } = events;
  useEffect(() => {
    opened();
  }, [opened]);

  const columns = useMemo<ColumnProps<User>[]>(
    () => [
      {
        title: t('users.field.username'),
        dataIndex: 'username',
        render: (_: unknown, user: User) => <Typography.Text strong>{user.username}</Typography.Text>,
      },
      { title: t('users.field.nickname'), dataIndex: 'nickname' },
      {
        title: t('users.field.phone'),
        dataIndex: 'phone',
        render: (phone: string) => (phone ? phone : <span className="flu-employees__muted">—</span>),
      },
      {
        title: t('users.field.role'),
        dataIndex: 'role',
        render: (role: Role) => <Tag color={ROLE_COLORS[role]}>{t(`users.role.${role}`)}</Tag>,
      },
      {
        title: t('users.field.isAgent'),
        dataIndex: 'isAgent',
        render: (isAgent: boolean) =>
          isAgent ? (
            <Tag color="cyan">{t('users.agent.yes')}</Tag>
          ) : (
            <span className="flu-employees__muted">{t('users.agent.no')}</span>
          ),
      },
      {
        title: t('users.field.status'),
        dataIndex: 'ban',
        render: (ban: boolean) =>
          ban ? (
            <Tag color="grey">{t('users.status.frozen')}</Tag>
          ) : (
            <Tag color="green">{t('users.status.active')}</Tag>
          ),
      },
      {
        title: t('users.field.createAt'),
        dataIndex: 'createAt',
        render: (createAt: string) => <span className="flu-employees__muted">{formatDateTime(createAt, locale)}</span>,
      },
      {
        title: t('users.field.actions'),
        dataIndex: 'id',
        fixed: 'right',
        render: (_: unknown, user: User) => (
          <FreezeAction user={user} busy={busyIds.includes(user.id)} isSelf={me?.id === user.id} />
        ),
      },
    ],
    [t, locale, busyIds, me?.id],
  );

  const createButton = (
    <Permission roles={ADMINS}>
      <Button theme="solid" icon={<IconPlus />} onClick={() => events.createClicked()}>
        {t('users.create.open')}
      </Button>
    </Permission>
  );
  const filtered = filters.keyword !== '' || filters.role !== 'all' || filters.status !== 'all';

  return (
    <Page>
      <PageHeader
        title={t('users.employees.title')}
        description={t('users.employees.description')}
        extra={
          <div className="flu-employees__header-actions">
            <UserSheetActions />
            {createButton}
          </div>
        }
      />
      <Surface>
        <div className="flu-employees__toolbar">
          <Input
            className="flu-employees__search"
            prefix={<IconSearch />}
            showClear
            value={keyword}
            placeholder={t('users.search.placeholder')}
            aria-label={t('users.search.placeholder')}
            onChange={(value) => setKeyword(value)}
            onEnterPress={() => events.searched(keyword)}
            onClear={() => events.searched('')}
          />
          <Select
            value={filters.role}
            style={{ width: 150 }}
            aria-label={t('users.filter.role')}
            onChange={(value) => events.roleChanged(value as RoleFilter)}
            optionList={[
              { value: 'all', label: t('users.filter.allRoles') },
              ...ROLES.map((role) => ({ value: role, label: t(`users.role.${role}`) })),
            ]}
          />
          <Select
            value={filters.status}
            style={{ width: 150 }}
            aria-label={t('users.filter.status')}
            onChange={(value) => events.statusChanged(value as StatusFilter)}
            optionList={STATUS_FILTERS.map((status) => ({ value: status, label: t(`users.filter.status.${status}`) }))}
          />
        </div>

        {error && users.length === 0 ? (
          <ErrorState title={t('users.list.error')} description={error.message} onRetry={() => events.retried()} />
        ) : (
          <Table<User>
            rowKey="id"
            columns={columns}
            dataSource={users}
            loading={loading}
            scroll={{ x: 960 }}
            empty={
              loaded ? (
                filtered ? (
                  <EmptyState title={t('users.list.noMatch')} description={t('users.list.noMatchHint')} />
                ) : (
                  <EmptyState
                    title={t('users.list.empty')}
                    description={t('users.list.emptyHint')}
                    action={createButton}
                  />
                )
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
      <CreateUserModal />
    </Page>
  );
}
