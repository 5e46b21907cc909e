import {
  Button,
  Input,
  Select,
  Table,
  Tag,
  Typography,
  IconCopyAdd,
  IconPlus,
  IconSearch,
} from '@flotilla/shared/ui/semi';
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
import { SmsOutboxButton } from '../../sms-outbox/ui/sms-outbox-button';
import { SsoProvidersButton } from '../../sso-providers/ui/sso-providers-button';
import { UserSheetActions } from '../../user-import/ui/user-sheet-actions';
import { CloneRobotsModal } from '../../robot-clone/ui/clone-robots-modal';
import { cloneDialogOpened } from '../../robot-clone/robot-clone.model';
import { DeleteUserModal } from '../../user-manage/ui/delete-user-modal';
import { EditUserModal } from '../../user-manage/ui/edit-user-modal';
import { ResetPasswordModal } from '../../user-manage/ui/reset-password-modal';
import { UserRowActions } from '../../user-manage/ui/user-row-actions';
import '../../user-manage/ui/user-manage.css';
import {
  EMPLOYEE_SORTS,
  NO_FILTERS,
  PAGE_SIZE_OPTIONS,
  type AgentFilter,
  type EmployeeSort,
  type RoleFilter,
  type StatusFilter,
} from '../lib/list-query';
import {
  $busyUserIds,
  $filters,
  $listError,
  $listLoaded,
  $listLoading,
  $page,
  $selectedIds,
  $total,
  $users,
  agentFilterChanged,
  createUserClicked,
  employeeListOpened,
  keywordSearched,
  listRetryClicked,
  pageChanged,
  phoneSearched,
  roleFilterChanged,
  rowsSelected,
  selectionCleared,
  sortChanged,
  statusFilterChanged,
} from '../employees.model';
import { CreateUserModal } from './create-user-modal';
import './employees.css';

const ROLE_COLORS: Record<Role, 'red' | 'blue' | 'green'> = { admin: 'red', operator: 'blue', agent: 'green' };
const STATUS_FILTERS: StatusFilter[] = ['all', 'active', 'frozen'];
const AGENT_FILTERS: AgentFilter[] = ['all', 'agents', 'others'];

/**
 * `/employee-list`: the tenant's users with server-side search, filters, order and paging; create, edit, reset a
 * password, freeze, delete; tick users to clone robots to them.
 */
export function EmployeeListPage() {
  const t = useT();
  const [users, total, filters, page, loading, loaded, error, busyIds, me, locale, selectedIds] = useUnit([
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
    $selectedIds,
  ]);
  const events = useUnit({
    opened: employeeListOpened,
    searched: keywordSearched,
    roleChanged: roleFilterChanged,
    statusChanged: statusFilterChanged,
    phoneSearched,
    agentChanged: agentFilterChanged,
    sortChanged,
    selected: rowsSelected,
    cleared: selectionCleared,
    cloneOpened: cloneDialogOpened,
    paged: pageChanged,
    retried: listRetryClicked,
    createClicked: createUserClicked,
  });
  const [keyword, setKeyword] = useState(filters.keyword);
  const [phone, setPhone] = useState(filters.phone);

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
          <UserRowActions user={user} busy={busyIds.includes(user.id)} isSelf={me?.id === user.id} />
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
  const filtered = (Object.keys(NO_FILTERS) as Array<keyof typeof NO_FILTERS>).some(
    (key) => key !== 'sort' && filters[key] !== NO_FILTERS[key],
  );

  return (
    <Page>
      <PageHeader
        title={t('users.employees.title')}
        description={t('users.employees.description')}
        extra={
          <div className="flu-employees__header-actions">
            <UserSheetActions />
            <SmsOutboxButton />
            <SsoProvidersButton />
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
          <Input
            className="flu-employees__phone"
            showClear
            value={phone}
            inputMode="numeric"
            placeholder={t('users.filter.phone')}
            aria-label={t('users.filter.phone')}
            onChange={(value) => setPhone(value)}
            onEnterPress={() => events.phoneSearched(phone)}
            onClear={() => events.phoneSearched('')}
          />
          <Select
            value={filters.agent}
            style={{ width: 150 }}
            aria-label={t('users.filter.agent')}
            onChange={(value) => events.agentChanged(value as AgentFilter)}
            optionList={AGENT_FILTERS.map((agent) => ({ value: agent, label: t(`users.filter.agent.${agent}`) }))}
          />
          <Select
            value={filters.sort}
            style={{ width: 170 }}
            aria-label={t('users.sort.label')}
            onChange={(value) => events.sortChanged(value as EmployeeSort)}
            optionList={EMPLOYEE_SORTS.map((sort) => ({ value: sort, label: t(`users.sort.${sort}`) }))}
          />
        </div>
        {selectedIds.length > 0 && (
          <div className="flu-employees__selection" role="status">
            <Typography.Text>{t('users.selection.count', { count: selectedIds.length })}</Typography.Text>
            <Button theme="solid" icon={<IconCopyAdd />} onClick={() => events.cloneOpened(selectedIds)}>
              {t('users.clone.open')}
            </Button>
            <Button theme="borderless" onClick={() => events.cleared()}>
              {t('users.selection.clear')}
            </Button>
          </div>
        )}

        {error && users.length === 0 ? (
          <ErrorState title={t('users.list.error')} description={error.message} onRetry={() => events.retried()} />
        ) : (
          <Table<User>
            rowKey="id"
            columns={columns}
            dataSource={users}
            loading={loading}
            scroll={{ x: 1040 }}
            rowSelection={{
              selectedRowKeys: selectedIds,
              // Ticks on other pages stay: the page's rows replace only their own.
              onChange: (keys) => {
                const onPage = new Set(users.map((user) => user.id));
                const kept = selectedIds.filter((id) => !onPage.has(id));
                events.selected([...kept, ...((keys ?? []) as string[])]);
              },
            }}
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
      <EditUserModal />
      <ResetPasswordModal />
      <DeleteUserModal />
      <CloneRobotsModal />
    </Page>
  );
}
