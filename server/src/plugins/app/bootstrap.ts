import fp from 'fastify-plugin';
import { randomPassword } from '../../lib/password';
import { readMenuSeed } from './menu/menu-repository';

/**
 * First start: the "Default" tenant and its admin, the platform owner (who alone may create tenants).
 * Idempotent: does nothing once a tenant exists. The menu seed is applied on every start (it only adds missing entries).
 */
export default fp(
  async (fastify) => {
    const { repos, config } = fastify;
    await repos.menu.seed(readMenuSeed());
    if ((await repos.tenants.count()) > 0) return;

    const password = config.adminPassword ?? randomPassword();
    try {
      await repos.tenants.createWithAdmin('Default', {
        username: config.adminUser,
        password,
        nickname: config.adminUser,
        role: 'admin',
        isPlatformOwner: true,
      });
    } catch (error) {
      // Another process created it between our count and our insert.
      if ((await repos.tenants.count()) > 0) return;
      throw error;
    }
    if (config.adminPassword) {
      fastify.log.info(`Created the admin "${config.adminUser}"; log in with the password in FLOTILLA_ADMIN_PASSWORD.`);
    } else {
      // Printed, not logged: the only time this password is ever shown, whatever the log level.
      process.stdout.write(
        `\nFlotilla: created the first admin. Log in with username "${config.adminUser}" and password "${password}"\n` +
          '(shown only this once; set FLOTILLA_ADMIN_PASSWORD before the first start to choose it).\n\n',
      );
    }
  },
  { name: 'bootstrap', dependencies: ['repositories'] },
);
