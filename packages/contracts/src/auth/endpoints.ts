// Sign-in, the signed-in user's profile, the expired screen, sign-out and the password change
// (/api/auth/*, /api/users/change-password; spec section 7).
import { endpoint } from '../common/endpoint.ts';
import { okResponse } from '../common/validation.ts';
import { changePasswordBody, expiredInfo, loginBody, loginUser, profile, tokenValidity, updateProfileBody } from './auth.ts';

export const authEndpoints = {
  login: endpoint({ method: 'POST', path: '/api/auth/login', body: loginBody, response: loginUser }),
  profile: endpoint({ method: 'GET', path: '/api/auth', response: profile }),
  expired: endpoint({ method: 'GET', path: '/api/auth/expired', response: expiredInfo }),
  logout: endpoint({ method: 'POST', path: '/api/auth/logout', response: okResponse }),
  updateProfile: endpoint({ method: 'PUT', path: '/api/auth/profile', body: updateProfileBody, response: okResponse }),
  // The spec's named paths (section 7): auth/view is the profile above, auth/update the profile change,
  // auth/validatetoken whether the Authorization token is still valid and until when (reads only).
  view: endpoint({ method: 'GET', path: '/api/auth/view', response: profile }),
  update: endpoint({ method: 'PUT', path: '/api/auth/update', body: updateProfileBody, response: okResponse }),
  validateToken: endpoint({ method: 'GET', path: '/api/auth/validatetoken', response: tokenValidity }),
  changePassword: endpoint({ method: 'POST', path: '/api/users/change-password', body: changePasswordBody, response: okResponse }),
};
