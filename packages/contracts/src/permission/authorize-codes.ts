/**
 * Authorize screen (permission menu group): permission codes and API paths. Reading the grant trees
 * needs the page's code; saving needs its button `permission.authorize.save`.
 */
export const AuthorizePerm = {
  authorize: 'permission.authorize',
  authorizeSave: 'permission.authorize.save',
} as const;
export type AuthorizePermCode = (typeof AuthorizePerm)[keyof typeof AuthorizePerm];

export const AuthorizeApi = {
  /** GET `${objects}/{objectType}?keyword=`: roles, positions or users to authorize. */
  objects: '/api/permission/Authority/Objects',
  /** GET / PUT `${data}/{objectType}/{objectId}`: the five grant trees and the object's checked ids. */
  data: '/api/permission/Authority/Data',
  /** GET: the signed-in user's own effective grants (read-only trees). */
  currentAuthorize: '/api/permission/Users/Current/Authorize',
} as const;

export const authorizeDataPath = (objectType: string, objectId: string) =>
  `${AuthorizeApi.data}/${objectType}/${objectId}`;
