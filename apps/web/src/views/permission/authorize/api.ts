import {
  AuthorizeApi,
  type AuthorizeData,
  type AuthorizeObject,
  authorizeDataPath,
  type GrantIds,
  type GrantObjectType,
} from '@srm/contracts/core';
import { http } from '../../../api/request';

export const authorizeKeys = {
  /** The roles, positions or users to choose from, filtered by a keyword. */
  objects: (objectType: GrantObjectType, keyword: string) =>
    ['authorize', 'objects', objectType, keyword] as const,
  /** One object's grant trees and what it holds. */
  data: (objectType: GrantObjectType, objectId: string) =>
    ['authorize', 'data', objectType, objectId] as const,
};

export const authorizeApi = {
  objects: (objectType: GrantObjectType, keyword: string) =>
    http.get<AuthorizeObject[]>(`${AuthorizeApi.objects}/${objectType}`, { keyword: keyword || undefined }),
  data: (objectType: GrantObjectType, objectId: string) =>
    http.get<AuthorizeData>(authorizeDataPath(objectType, objectId)),
  /** Replaces the object's grants; answers what is held now. */
  save: (objectType: GrantObjectType, objectId: string, grants: GrantIds) =>
    http.put<GrantIds>(authorizeDataPath(objectType, objectId), grants),
};
