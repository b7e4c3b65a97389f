// /api/roles, /api/roles/modules (privilege list-role) and /api/admin (staff accounts, privilege
// list-user); spec section 7. Routes are thin: validate with the contract, call one service in the
// caller's tenant transaction.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminUser,
  adminUserList,
  createdUser,
  createUserBody,
  groupedPrivileges,
  id,
  okResponse,
  passwordReset,
  privilegeCatalogue,
  roleInput,
  roleList,
  roleListQuery,
  rolePrivilegesChange,
  rolePrivilegesChangeQuery,
  roleRecord,
  translate,
  updateUserBody,
  userListQuery,
  userStatusBody,
  z,
} from '@ubo/contracts';
import { tenantTx } from '../../plugins/auth.ts';
import { AppError } from '../../plugins/errors.ts';
import { changeRolePrivileges } from './change-role-privileges.ts';
import { deleteUser, resetUserPassword, setUserStatus } from './change-user-status.ts';
import { deleteRole } from './delete-role.ts';
import { getRole, listRoles } from './list-roles.ts';
import { getUser, listUsers } from './list-users.ts';
import { createRole, updateRole } from './save-role.ts';
import { createUser, newTemporaryPassword, prepareNewPassword, updateUser } from './save-user.ts';
import { asFieldErrorOnUnique } from './user-rules.ts';

const idParams = z.object({ id });
const roles = { access: { privilege: 'list-role' } } as const;
const admins = { access: { privilege: 'list-user' } } as const;

/** DELETE /api/roles/modules takes its input from the JSON body or, without one, from the query. */
function privilegeChangeOf(
  body: z.infer<typeof rolePrivilegesChange> | null | undefined,
  q: z.infer<typeof rolePrivilegesChangeQuery>,
): z.infer<typeof rolePrivilegesChange> {
  if (body) return body;
  const keys = typeof q.privileges === 'string' ? q.privileges.split(',').map((k) => k.trim()).filter(Boolean) : q.privileges;
  const parsed = rolePrivilegesChange.safeParse({ roleId: q.roleId, privileges: keys });
  if (!parsed.success) {
    throw new AppError(400, 'VALIDATION', 'common.validation', parsed.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })));
  }
  return parsed.data;
}

export async function usersRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Roles ------------------------------------------------------------------------------------------

  r.get('/api/roles', {
    config: roles,
    schema: { tags: ['roles'], querystring: roleListQuery, response: { 200: roleList } },
  }, async (req) => tenantTx(req, (tx, actor) => listRoles({ tx, clientId: actor.clientId, query: req.query })));

  r.post('/api/roles', {
    config: roles,
    schema: { tags: ['roles'], body: roleInput, response: { 200: roleRecord } },
  }, async (req) =>
    tenantTx(req, (tx, actor) => createRole({ tx, actor, input: req.body })).catch(asFieldErrorOnUnique('name', 'role.nameTaken')));

  r.get('/api/roles/modules', {
    config: roles,
    schema: { tags: ['roles'], response: { 200: privilegeCatalogue } },
  }, async () => groupedPrivileges());

  r.post('/api/roles/modules', {
    config: roles,
    schema: { tags: ['roles'], body: rolePrivilegesChange, response: { 200: roleRecord } },
  }, async (req) => tenantTx(req, (tx, actor) => changeRolePrivileges({ tx, actor, input: req.body, change: 'add' })));

  r.delete('/api/roles/modules', {
    config: roles,
    schema: { tags: ['roles'], body: rolePrivilegesChange.nullish(), querystring: rolePrivilegesChangeQuery, response: { 200: roleRecord } },
  }, async (req) => {
    const input = privilegeChangeOf(req.body, req.query);
    return tenantTx(req, (tx, actor) => changeRolePrivileges({ tx, actor, input, change: 'remove' }));
  });

  r.get('/api/roles/:id', {
    config: roles,
    schema: { tags: ['roles'], params: idParams, response: { 200: roleRecord } },
  }, async (req) => tenantTx(req, (tx, actor) => getRole({ tx, clientId: actor.clientId, id: req.params.id })));

  r.put('/api/roles/:id', {
    config: roles,
    schema: { tags: ['roles'], params: idParams, body: roleInput, response: { 200: roleRecord } },
  }, async (req) =>
    tenantTx(req, (tx, actor) => updateRole({ tx, actor, id: req.params.id, input: req.body })).catch(asFieldErrorOnUnique('name', 'role.nameTaken')));

  r.delete('/api/roles/:id', {
    config: roles,
    schema: { tags: ['roles'], params: idParams, response: { 200: okResponse } },
  }, async (req) => {
    await tenantTx(req, (tx, actor) => deleteRole({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });

  // Staff accounts (the spec's /admin) -------------------------------------------------------------

  r.get('/api/admin', {
    config: admins,
    schema: { tags: ['users'], querystring: userListQuery, response: { 200: adminUserList } },
  }, async (req) => tenantTx(req, (tx, actor) => listUsers({ tx, clientId: actor.clientId, query: req.query })));

  r.get('/api/admin/:id', {
    config: admins,
    schema: { tags: ['users'], params: idParams, response: { 200: adminUser } },
  }, async (req) => tenantTx(req, (tx, actor) => getUser({ tx, clientId: actor.clientId, id: req.params.id })));

  r.post('/api/admin', {
    config: admins,
    schema: { tags: ['users'], body: createUserBody, response: { 200: createdUser } },
  }, async (req) => {
    const { passwordHash, temporaryPassword } = await prepareNewPassword(req.body.password);
    const user = await tenantTx(req, (tx, actor) => createUser({ tx, actor, input: req.body, passwordHash })).catch(
      asFieldErrorOnUnique('username', 'user.usernameTaken'),
    );
    return temporaryPassword ? { ...user, temporaryPassword } : user;
  });

  r.put('/api/admin/:id', {
    config: admins,
    schema: { tags: ['users'], params: idParams, body: updateUserBody, response: { 200: adminUser } },
  }, async (req) =>
    tenantTx(req, (tx, actor) => updateUser({ tx, actor, id: req.params.id, input: req.body })).catch(asFieldErrorOnUnique('username', 'user.usernameTaken')));

  r.patch('/api/admin/:id/status', {
    config: admins,
    schema: { tags: ['users'], params: idParams, body: userStatusBody, response: { 200: adminUser } },
  }, async (req) => tenantTx(req, (tx, actor) => setUserStatus({ tx, actor, id: req.params.id, status: req.body.status })));

  r.post('/api/admin/:id/reset-password', {
    config: admins,
    schema: { tags: ['users'], params: idParams, response: { 200: passwordReset } },
  }, async (req) => {
    const { passwordHash, temporaryPassword } = await newTemporaryPassword();
    await tenantTx(req, (tx, actor) => resetUserPassword({ tx, actor, id: req.params.id, passwordHash }));
    return { ok: true as const, message: translate('user.passwordReset', req.lang), temporaryPassword };
  });

  r.delete('/api/admin/:id', {
    config: admins,
    schema: { tags: ['users'], params: idParams, response: { 200: okResponse } },
  }, async (req) => {
    await tenantTx(req, (tx, actor) => deleteUser({ tx, actor, id: req.params.id }));
    return { ok: true as const, message: translate('common.deleted', req.lang) };
  });
}
