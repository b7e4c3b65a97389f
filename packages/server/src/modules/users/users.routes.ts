// /api/roles, /api/roles/modules (privilege list-role) and /api/admin (staff accounts, privilege
// list-user); spec section 7. Routes are thin: validate with the contract, call one service in the
// caller's tenant transaction.
import type { FastifyInstance } from 'fastify';
import {
  groupedPrivileges,
  rolePrivilegesChange,
  type rolePrivilegesChangeQuery,
  rolesEndpoints as roleApi,
  translate,
  usersEndpoints as userApi,
  type z,
} from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { serve } from '../../plugins/endpoint.ts';
import { AppError } from '../../plugins/errors.ts';
import { changeRolePrivileges } from './change-role-privileges.ts';
import { deleteUser, resetUserPassword, setUserStatus } from './change-user-status.ts';
import { deleteRole } from './delete-role.ts';
import { getRole, listRoles } from './list-roles.ts';
import { getUser, listUsers } from './list-users.ts';
import { createRole, updateRole } from './save-role.ts';
import { createUser, newTemporaryPassword, prepareNewPassword, updateUser } from './save-user.ts';
import { asFieldErrorOnUnique } from './user-rules.ts';
import { userClassList } from './user-classes.ts';
import { referenceListRoutes } from '../../lib/reference-list.ts';

const roles = { access: { privilege: 'list-role' }, tags: ['roles'] };
const admins = { access: { privilege: 'list-user' }, tags: ['users'] };

/** DELETE /api/roles/modules takes its input from the JSON body or, without one, from the query. */
function privilegeChangeOf(
  body: z.infer<typeof rolePrivilegesChange> | null | undefined,
  q: z.infer<typeof rolePrivilegesChangeQuery>,
): z.infer<typeof rolePrivilegesChange> {
  if (body) return body;
  const keys =
    typeof q.privileges === 'string'
      ? q.privileges
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean)
      : q.privileges;
  const parsed = rolePrivilegesChange.safeParse({ roleId: q.roleId, privileges: keys });
  if (!parsed.success) {
    throw new AppError(
      400,
      'VALIDATION',
      'common.validation',
      parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
    );
  }
  return parsed.data;
}

export async function usersRoutes(app: FastifyInstance) {
  // Roles ------------------------------------------------------------------------------------------

  serve(app, roleApi.list, roles, async (req) => tenantTx(req, (tx, actor) => listRoles({ tx, clientId: actor.clientId, query: req.query })));

  serve(app, roleApi.create, roles, async (req) =>
    tenantTx(req, (tx, actor) => createRole({ tx, actor, input: req.body })).catch(asFieldErrorOnUnique('name', 'role.nameTaken')),
  );

  serve(app, roleApi.catalogue, roles, async () => groupedPrivileges());

  serve(app, roleApi.addPrivileges, roles, async (req) => tenantTx(req, (tx, actor) => changeRolePrivileges({ tx, actor, input: req.body, change: 'add' })));

  serve(app, roleApi.removePrivileges, roles, async (req) => {
    const input = privilegeChangeOf(req.body, req.query);
    return tenantTx(req, (tx, actor) => changeRolePrivileges({ tx, actor, input, change: 'remove' }));
  });

  serve(app, roleApi.get, roles, async (req) => tenantTx(req, (tx, actor) => getRole({ tx, clientId: actor.clientId, id: req.params.id })));

  serve(app, roleApi.update, roles, async (req) =>
    tenantTx(req, (tx, actor) => updateRole({ tx, actor, id: req.params.id, input: req.body })).catch(asFieldErrorOnUnique('name', 'role.nameTaken')),
  );

  serve(app, roleApi.remove, roles, async (req) => {
    await tenantTx(req, (tx, actor) => deleteRole({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });

  // Staff accounts (the spec's /admin) -------------------------------------------------------------

  serve(app, userApi.list, admins, async (req) => tenantTx(req, (tx, actor) => listUsers({ tx, clientId: actor.clientId, query: req.query })));

  serve(app, userApi.get, admins, async (req) => tenantTx(req, (tx, actor) => getUser({ tx, clientId: actor.clientId, id: req.params.id })));
  // The spec's admin/user: the same record under its named path.
  serve(app, userApi.user, admins, async (req) => tenantTx(req, (tx, actor) => getUser({ tx, clientId: actor.clientId, id: req.params.id })));

  serve(app, userApi.create, admins, async (req) => {
    const { passwordHash, temporaryPassword } = await prepareNewPassword(req.body.password);
    const user = await tenantTx(req, (tx, actor) => createUser({ tx, actor, input: req.body, passwordHash })).catch(
      asFieldErrorOnUnique('username', 'user.usernameTaken'),
    );
    return temporaryPassword ? { ...user, temporaryPassword } : user;
  });

  serve(app, userApi.update, admins, async (req) =>
    tenantTx(req, (tx, actor) => updateUser({ tx, actor, id: req.params.id, input: req.body })).catch(asFieldErrorOnUnique('username', 'user.usernameTaken')),
  );

  serve(app, userApi.setStatus, admins, async (req) => tenantTx(req, (tx, actor) => setUserStatus({ tx, actor, id: req.params.id, status: req.body.status })));

  serve(app, userApi.resetPassword, admins, async (req) => {
    const { passwordHash, temporaryPassword } = await newTemporaryPassword();
    await tenantTx(req, (tx, actor) => resetUserPassword({ tx, actor, id: req.params.id, passwordHash }));
    return { ok: true as const, message: translate('user.passwordReset', req.lang), temporaryPassword };
  });

  serve(app, userApi.remove, admins, async (req) => {
    await tenantTx(req, (tx, actor) => deleteUser({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });

  // User classes (privilege user-classes): a reference list.
  referenceListRoutes(app, userClassList);
}
