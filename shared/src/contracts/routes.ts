import type { RemoteName } from './app';
import type { Role } from './common';
import { ADMINS, ANY_USER, OPERATORS, STAFF } from './permissions';

/** Who may open a route: roles, or `*` for any logged-in user. */
export type RouteRoles = ReadonlyArray<Role | '*'>;

/** Route meta (docs/product-rules.md, Routes), shared by the shell's guards and the server's menu data. */
export type RouteMeta = {
  /** Route name (login, Workplace, chat…); unique. */
  name: string;
  /** react-router path; `:id?` marks an optional parameter. */
  path: string;
  /** Which app renders it: the shell itself or a remote's `./App`. */
  owner: 'shell' | RemoteName;
  requiresAuth: boolean;
  roles: RouteRoles;
  /** i18n id of the page title (catalog of the shell). */
  titleId: string;
  /** Key of the menu entry that lights up for this route. */
  menuKey?: string;
};

/** Every route of the console and the public chat, in matching order. */
export const ROUTES: readonly RouteMeta[] = [
  { name: 'login', path: '/login', owner: 'shell', requiresAuth: false, roles: ANY_USER, titleId: 'route.login' },
  {
    name: 'guoguoLogin',
    path: '/guoguo/login',
    owner: 'shell',
    requiresAuth: false,
    roles: ANY_USER,
    titleId: 'route.login',
  },
  {
    name: 'bcdsLogin',
    path: '/bcds/login',
    owner: 'shell',
    requiresAuth: false,
    roles: ANY_USER,
    titleId: 'route.login',
  },
  {
    name: 'register',
    path: '/register',
    owner: 'shell',
    requiresAuth: false,
    roles: ANY_USER,
    titleId: 'route.register',
  },
  {
    name: 'redirect',
    path: '/redirect/*',
    owner: 'shell',
    requiresAuth: true,
    roles: ANY_USER,
    titleId: 'route.redirect',
  },

  {
    name: 'robot',
    path: '/robot',
    owner: 'robots',
    requiresAuth: true,
    roles: STAFF,
    titleId: 'route.robot',
    menuKey: 'robot',
  },
  {
    name: 'robotDetail',
    path: '/ai/:id?/detail',
    owner: 'robots',
    requiresAuth: true,
    roles: STAFF,
    titleId: 'route.robotDetail',
    menuKey: 'robot',
  },
  {
    name: 'flow',
    path: '/ai/:id?/flow',
    owner: 'robots',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.flow',
    menuKey: 'robot',
  },
  {
    name: 'flowV3',
    path: '/ai/:id?/flow/v3',
    owner: 'robots',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.flowV3',
    menuKey: 'robot',
  },
  {
    name: 'businessScene',
    path: '/business-scene',
    owner: 'robots',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.businessScene',
    menuKey: 'robot',
  },
  {
    name: 'businessSceneCreate',
    path: '/business-scene/create',
    owner: 'robots',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.businessSceneCreate',
    menuKey: 'robot',
  },
  {
    name: 'businessSceneEdit',
    path: '/business-scene/edit',
    owner: 'robots',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.businessSceneEdit',
    menuKey: 'robot',
  },

  {
    name: 'dataset',
    path: '/dataset',
    owner: 'datasets',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.dataset',
    menuKey: 'dataset',
  },
  {
    name: 'datasetCreate',
    path: '/dataset/:id?/create',
    owner: 'datasets',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.datasetCreate',
    menuKey: 'dataset',
  },
  {
    name: 'datasetDetail',
    path: '/dataset/:id?/detail',
    owner: 'datasets',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.datasetDetail',
    menuKey: 'dataset',
  },
  {
    name: 'datasetUpload',
    path: '/dataset/:id?/uploadFile',
    owner: 'datasets',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.datasetUpload',
    menuKey: 'dataset',
  },
  {
    name: 'fileDetail',
    path: '/dataset/:id?/file-detail/:fid?',
    owner: 'datasets',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.fileDetail',
    menuKey: 'dataset',
  },
  {
    name: 'database',
    path: '/database',
    owner: 'datasets',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.database',
    menuKey: 'database',
  },
  {
    name: 'databaseDetail',
    path: '/database/:id?/detail',
    owner: 'datasets',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.databaseDetail',
    menuKey: 'database',
  },

  {
    name: 'case',
    path: '/case',
    owner: 'cases',
    requiresAuth: true,
    roles: STAFF,
    titleId: 'route.case',
    menuKey: 'case',
  },
  {
    name: 'caseFiles',
    path: '/case/files',
    owner: 'cases',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.caseFiles',
    menuKey: 'case',
  },
  {
    name: 'caseComparison',
    path: '/case/comparison',
    owner: 'cases',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.caseComparison',
    menuKey: 'case',
  },
  {
    name: 'caseReports',
    path: '/case/reports',
    owner: 'cases',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.caseReports',
    menuKey: 'case',
  },
  {
    name: 'caseTeams',
    path: '/case/teams',
    owner: 'cases',
    requiresAuth: true,
    roles: STAFF,
    titleId: 'route.caseTeams',
    menuKey: 'case',
  },
  {
    name: 'caseOrders',
    path: '/case/orders',
    owner: 'cases',
    requiresAuth: true,
    roles: STAFF,
    titleId: 'route.caseOrders',
    menuKey: 'case',
  },
  {
    name: 'caseDetail',
    path: '/case/:id',
    owner: 'cases',
    requiresAuth: true,
    roles: STAFF,
    titleId: 'route.caseDetail',
    menuKey: 'case',
  },

  {
    name: 'dashboard',
    path: '/dashboard',
    owner: 'users',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.dashboard',
    menuKey: 'dashboard',
  },
  {
    name: 'Workplace',
    path: '/dashboard/workplace',
    owner: 'users',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.workplace',
    menuKey: 'dashboard',
  },
  {
    name: 'rechargeCenter',
    path: '/dashboard/recharge-center',
    owner: 'users',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.rechargeCenter',
    menuKey: 'recharge',
  },
  {
    name: 'employeeList',
    path: '/employee-list',
    owner: 'users',
    requiresAuth: true,
    roles: ADMINS,
    titleId: 'route.employeeList',
    menuKey: 'employee',
  },
  {
    name: 'taskList',
    path: '/task-list',
    owner: 'users',
    requiresAuth: true,
    roles: STAFF,
    titleId: 'route.taskList',
    menuKey: 'task',
  },
  {
    name: 'distributionCenter',
    path: '/distribution-center',
    owner: 'users',
    requiresAuth: true,
    roles: OPERATORS,
    titleId: 'route.distributionCenter',
    menuKey: 'distribution',
  },

  { name: 'share', path: '/f/:id', owner: 'chat', requiresAuth: false, roles: ANY_USER, titleId: 'route.chat' },
  { name: 'chat', path: '/chat', owner: 'chat', requiresAuth: false, roles: ANY_USER, titleId: 'route.chat' },
  { name: 'publicChat', path: '/p/chat', owner: 'chat', requiresAuth: false, roles: ANY_USER, titleId: 'route.chat' },
  { name: 'robotShare', path: '/r/:id', owner: 'chat', requiresAuth: false, roles: ANY_USER, titleId: 'route.chat' },
  {
    name: 'chatShare',
    path: '/chat/:shareId',
    owner: 'chat',
    requiresAuth: false,
    roles: ANY_USER,
    titleId: 'route.chat',
  },
];

/**
 * The path of the route `name` that `owner` renders, from {@link ROUTES}, so a remote routes by name
 * and never restates a path. Throws when `owner` has no such route: a renamed or moved route then
 * fails on the remote's first render instead of silently routing nowhere.
 */
export function ownedRoutePath(owner: RouteMeta['owner'], name: string): string {
  const route = ROUTES.find((entry) => entry.name === name && entry.owner === owner);
  if (!route) throw new Error(`No route named "${name}" belongs to the ${owner} remote`);
  return route.path;
}

/**
 * The detail page of one robot, `/ai/{id}/detail/` (with the trailing slash). Other areas (cases) link to it by URL,
 * never by importing the robots remote.
 */
export function robotDetailPath(processId: string): string {
  return `/ai/${encodeURIComponent(processId)}/detail/`;
}

/** The page of one case, `/case/{id}`: the shell's notifications link to it by URL, never by importing the cases remote. */
export function caseDetailPath(caseId: string): string {
  return `/case/${encodeURIComponent(caseId)}`;
}

/** Route names that need no login: login and register. */
export const WHITELIST_ROUTE_NAMES = ['login', 'register'] as const;

/** Path prefixes of the public chat: the server answers them with the chat remote's own HTML entry. */
export const PUBLIC_CHAT_PATHS = ['/f/', '/chat', '/p/chat', '/r/'] as const;

/** Allowed when the roles contain `*` or the user's role. */
export function roleAllowed(roles: RouteRoles, role: Role | undefined): boolean {
  return roles.includes('*') || (role !== undefined && roles.includes(role));
}
