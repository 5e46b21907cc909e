import fp from 'fastify-plugin';
import { caseFilesRepository } from './cases/case-files-repository';
import { caseFormsRepository } from './cases/case-forms-repository';
import { casesRepository } from './cases/cases-repository';
import { caseNotificationsRepository } from './cases/case-notifications-repository';
import { caseOrdersRepository } from './cases/case-orders-repository';
import { caseTeamsRepository } from './cases/case-teams-repository';
import { comparisonsRepository } from './cases/comparisons-repository';
import { keyUsageRepository } from './cases/key-usage-repository';
import { chatsRepository } from './chats/chats-repository';
import { creditsRepository } from './credits/credits-repository';
import { dashboardRepository } from './dashboard/dashboard-repository';
import { databaseQueriesRepository } from './databases/database-queries-repository';
import { databaseTablesRepository } from './databases/database-tables-repository';
import { databasesRepository } from './databases/databases-repository';
import { cataloguesRepository } from './datasets/catalogues-repository';
import { datasetFilesRepository } from './datasets/dataset-files-repository';
import { datasetsRepository } from './datasets/datasets-repository';
import { flowsRepository } from './flows/flows-repository';
import { jobsRepository } from './jobs/jobs-repository';
import { menuRepository } from './menu/menu-repository';
import { referralsRepository } from './referrals/referrals-repository';
import { processesRepository } from './processes/processes-repository';
import { robotConfigsRepository } from './processes/robot-configs-repository';
import { robotTagsRepository } from './processes/robot-tags-repository';
import { scenesRepository } from './scenes/scenes-repository';
import { secretsRepository } from './secrets/secrets-repository';
import { segmentsRepository } from './segments/segments-repository';
import { sharesRepository } from './shares/shares-repository';
import { smsRepository } from './sms/sms-repository';
import { ssoRepository } from './sso/sso-repository';
import { tenantsRepository } from './tenants/tenants-repository';
import { tokensRepository } from './tokens/tokens-repository';
import { uploadsRepository } from './uploads/uploads-repository';
import { usersRepository } from './users/users-repository';
import { SecretBox } from '../../lib/secret-box';
import type { Config } from '../../config';

function createRepositories(db: Parameters<typeof usersRepository>[0], config: Config, box: SecretBox) {
  const processes = processesRepository(db);
  return {
    tenants: tenantsRepository(db),
    users: usersRepository(db),
    tokens: tokensRepository(db),
    menu: menuRepository(db),
    processes,
    robotConfigs: robotConfigsRepository(db),
    flows: flowsRepository(db),
    scenes: scenesRepository(db),
    robotTags: robotTagsRepository(db, processes.get),
    shares: sharesRepository(db),
    datasets: datasetsRepository(db),
    catalogues: cataloguesRepository(db),
    datasetFiles: datasetFilesRepository(db),
    jobs: jobsRepository(db),
    cases: casesRepository(db),
    caseTeams: caseTeamsRepository(db),
    caseNotifications: caseNotificationsRepository(db),
    caseOrders: caseOrdersRepository(db),
    comparisons: comparisonsRepository(db),
    keyUsage: keyUsageRepository(db),
    caseForms: caseFormsRepository(db),
    caseFiles: caseFilesRepository(db),
    chats: chatsRepository(db),
    uploads: uploadsRepository(db),
    credits: creditsRepository(db),
    referrals: referralsRepository(db),
    dashboard: dashboardRepository(db),
    secrets: secretsRepository(db),
    segments: segmentsRepository(db),
    databases: databasesRepository(db, { dataDir: config.dataDir, box }),
    databaseTables: databaseTablesRepository(db),
    databaseQueries: databaseQueriesRepository(db),
    sms: smsRepository(db),
    sso: ssoRepository(db, box),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

declare module 'fastify' {
  interface FastifyInstance {
    repos: Repositories;
  }
}

/** One repository per area, each the only code that queries its tables. */
export default fp(
  async (fastify) => {
    // The box that seals stored secrets: the configured key, else the data folder's key file (made once).
    const box = await SecretBox.load(fastify.config);
    fastify.decorate('repos', createRepositories(fastify.db, fastify.config, box));
  },
  { name: 'repositories', dependencies: ['database'] },
);
