import { parseArgs } from 'node:util';
import { ROLES, emailProblem, passwordProblem, type Role } from '@rides/contract';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateDatabase } from '../db/migrate.js';
import { loadDemoIfEmpty } from '../db/seed/index.js';
import { hashPassword } from '../modules/accounts/passwords.js';
import { createAdminRepository } from './admin.repository.js';

/**
 * `npm run admin -- <command>`: operator tasks on the configured database (DATA_DIR or DATABASE_URL).
 * Stop the server first when it uses the embedded database: PGlite allows one process per data folder.
 */
const USAGE = `usage: npm run admin -- <command>
  list-users                                       list users (id, email, name, role)
  create-user <email> <password> <name> [--manager] create a user
  set-role <email> <user|manager>                  change a user's role
  set-admin <email> [--off]                        make a user a platform admin (admin screens), or no longer
  set-theme-manager <subdomain> <email>            make a user the manager of a sub-domain theme
  list-themes                                      list sub-domain themes and their managers`;

class UsageError extends Error {}

const COMMANDS = ['list-users', 'create-user', 'set-role', 'set-admin', 'set-theme-manager', 'list-themes'];

async function run(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { manager: { type: 'boolean' }, off: { type: 'boolean' } },
  });
  const [command, ...args] = positionals;
  if (!command || command === 'help') throw new UsageError(USAGE);
  // Refuse unknown commands before touching the database.
  if (!COMMANDS.includes(command)) throw new UsageError(`unknown command ${command}\n${USAGE}`);

  const config = loadConfig();
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    // Prepare the database exactly as the server's start would, so commands see the same data (themes, demo).
    await migrateDatabase(handle);
    await loadDemoIfEmpty(handle, { force: config.seedDemo });
    const repo = createAdminRepository(handle.db);
    switch (command) {
      case 'list-users': {
        console.table(await repo.listUsers());
        return;
      }
      case 'create-user': {
        const [rawEmail, password, name] = args;
        if (!rawEmail || !password || !name) throw new UsageError(USAGE);
        const email = rawEmail.trim().toLowerCase();
        const problem = emailProblem(email) ?? passwordProblem(password);
        if (problem) throw new UsageError(`refused: ${problem}`);
        const role: Role = values.manager ? 'manager' : 'user';
        const id = await repo.createUser({
          email,
          passwordHash: await hashPassword(password),
          userName: name,
          role,
        });
        if (!id) throw new UsageError(`refused: ${email} is already registered`);
        console.log(`created user ${id} <${email}> as ${role}`);
        return;
      }
      case 'set-role': {
        const [email, role] = args;
        if (!email || !role || !(ROLES as readonly string[]).includes(role)) throw new UsageError(USAGE);
        if (!(await repo.setRole(email.trim().toLowerCase(), role as Role)))
          throw new UsageError(`no user ${email}`);
        console.log(`${email} is now ${role}`);
        return;
      }
      case 'set-admin': {
        const [email] = args;
        if (!email) throw new UsageError(USAGE);
        const isAdmin = !values.off;
        if (!(await repo.setAdmin(email.trim().toLowerCase(), isAdmin)))
          throw new UsageError(`no user ${email}`);
        console.log(isAdmin ? `${email} is now a platform admin` : `${email} is no longer a platform admin`);
        return;
      }
      case 'set-theme-manager': {
        const [subdomain, email] = args;
        if (!subdomain || !email) throw new UsageError(USAGE);
        const result = await repo.setThemeManager(subdomain, email.trim().toLowerCase());
        if (result === 'no-user') throw new UsageError(`no user ${email}`);
        if (result === 'no-theme')
          throw new UsageError(`no theme with sub-domain ${subdomain} (see list-themes)`);
        console.log(`${email} now manages the ${subdomain} theme`);
        return;
      }
      case 'list-themes': {
        console.table(await repo.listThemes());
        return;
      }
      default:
        throw new UsageError(`unknown command ${command}\n${USAGE}`);
    }
  } finally {
    await handle.close();
  }
}

run(process.argv.slice(2)).catch((err: unknown) => {
  if (err instanceof UsageError) {
    console.error(err.message);
  } else {
    console.error(err instanceof Error ? `${err.name}: ${err.message}` : err);
  }
  process.exit(1);
});
