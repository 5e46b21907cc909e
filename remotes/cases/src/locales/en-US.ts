import type { Catalog } from '@flotilla/shared';
import { enUS as teams } from './teams/en-US';
import { enUS as files } from './files/en-US';
import { enUS as comparisons } from './comparisons/en-US';

export const enUS: Catalog = {
  'cases.list.title': 'Cases',
  'cases.list.description': 'What your robots picked up in conversations for someone to follow up.',
  'cases.list.search': 'Search by title, customer or phone',
  'cases.list.statusFilter': 'Status',
  'cases.list.allStatuses': 'All',
  'cases.list.total': '{count, plural, one {# case} other {# cases}}',
  'cases.list.column.title': 'Case',
  'cases.list.column.customer': 'Customer',
  'cases.list.column.robot': 'Robot',
  'cases.list.column.status': 'Status',
  'cases.list.column.createdAt': 'Opened',
  'cases.list.anonymous': 'Anonymous visitor',
  'cases.list.checked': 'Checked',
  'cases.list.empty': 'No cases yet',
  'cases.list.emptyHint':
    'Cases appear here when robots open them from conversations: a lead, an order or a complaint that someone should follow up.',
  'cases.list.noMatch': 'No case matches these filters',
  'cases.list.noMatchHint': 'Try another keyword or status.',
  'cases.list.clearFilters': 'Clear filters',
  'cases.list.loadFailed': 'The cases could not be loaded',
  'cases.status.new': 'New',
  'cases.status.assigned': 'Assigned',
  'cases.status.in_progress': 'In progress',
  'cases.status.closed': 'Closed',
  'cases.notFound.back': 'Back to cases',
  ...teams,
  ...files,
  ...comparisons,
};
