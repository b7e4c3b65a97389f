// The endpoints of staff accounts (/api/admin, privilege list-user) and roles (/api/roles, list-role):
// spec section 7. The server serves them (modules/users/users.routes.ts), the web calls them with api.call.
import { endpoint } from '../common/endpoint.ts';
import { referenceListEndpoints } from '../settings/endpoints.ts';
import { userClass, userClassBody, userClassListQuery } from './user-classes.ts';
import { id, okResponse, z } from '../common/validation.ts';
import { privilegeCatalogue, roleInput, roleList, roleListQuery, rolePrivilegesChange, rolePrivilegesChangeQuery, roleRecord } from './roles.ts';
import { adminUser, adminUserList, createdUser, createUserBody, passwordReset, updateUserBody, userListQuery, userStatusBody } from './users.ts';

const params = z.object({ id });

export const usersEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/admin', query: userListQuery, response: adminUserList }),
  get: endpoint({ method: 'GET', path: '/api/admin/:id', params, response: adminUser }),
  /** The spec's admin/user: one user of the organisation by id, as the users screen shows it (same as get). */
  user: endpoint({ method: 'GET', path: '/api/admin/user/:id', params, response: adminUser }),
  create: endpoint({ method: 'POST', path: '/api/admin', body: createUserBody, response: createdUser }),
  update: endpoint({ method: 'PUT', path: '/api/admin/:id', params, body: updateUserBody, response: adminUser }),
  setStatus: endpoint({ method: 'PATCH', path: '/api/admin/:id/status', params, body: userStatusBody, response: adminUser }),
  resetPassword: endpoint({ method: 'POST', path: '/api/admin/:id/reset-password', params, response: passwordReset }),
  remove: endpoint({ method: 'DELETE', path: '/api/admin/:id', params, response: okResponse }),
};

export const rolesEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/roles', query: roleListQuery, response: roleList }),
  create: endpoint({ method: 'POST', path: '/api/roles', body: roleInput, response: roleRecord }),
  /** The privilege catalogue grouped by module. */
  catalogue: endpoint({ method: 'GET', path: '/api/roles/modules', response: privilegeCatalogue }),
  addPrivileges: endpoint({ method: 'POST', path: '/api/roles/modules', body: rolePrivilegesChange, response: roleRecord }),
  /** The change comes in the JSON body or, without one, in the query (roleId, privileges=a,b). */
  removePrivileges: endpoint({
    method: 'DELETE',
    path: '/api/roles/modules',
    body: rolePrivilegesChange.nullish(),
    query: rolePrivilegesChangeQuery,
    response: roleRecord,
  }),
  get: endpoint({ method: 'GET', path: '/api/roles/:id', params, response: roleRecord }),
  update: endpoint({ method: 'PUT', path: '/api/roles/:id', params, body: roleInput, response: roleRecord }),
  remove: endpoint({ method: 'DELETE', path: '/api/roles/:id', params, response: okResponse }),
};

/** User classes (privilege user-classes): list, read, create, update, status and delete, as a reference list. */
export const userClassesEndpoints = referenceListEndpoints('/api/user-classes', { body: userClassBody, item: userClass, query: userClassListQuery });
