import {
  API,
  AuthorizeApi,
  type BaseInfo,
  type GrantTrees,
  type LoginLog,
  type Page,
  type Subordinate,
  SubordinateApi,
  type UploadResult,
} from '@srm/contracts/core';
import { http } from '../../api/request';

/** What the profile page edits and the base info answer holds. */
export interface BaseInfoBody {
  realName: string;
  mobile: string;
  email: string;
}

export const profileKeys = {
  baseInfo: () => ['profile', 'baseInfo'] as const,
  /** The signed-in user's own grants, sign-ins and subordinates. */
  authorize: () => ['current', 'authorize'] as const,
  loginLog: (page: { currentPage: number; pageSize: number }) => ['current', 'loginLog', page] as const,
  subordinates: () => ['current', 'subordinates'] as const,
};

export const profileApi = {
  baseInfo: () => http.get<BaseInfo>(API.currentBaseInfo),
  saveBaseInfo: (body: BaseInfoBody) => http.put(API.currentBaseInfo, body),
  changePassword: (oldPassword: string, password: string) =>
    http.post(API.currentPassword, { oldPassword, password }),
  /** Uploads the picture, then makes it the avatar; answers the stored file. */
  setAvatar: async (file: File) => {
    const result = await http.upload<UploadResult>(API.upload('userAvatar'), file);
    await http.put(API.currentAvatar(result.name));
    return result;
  },
  authorize: () => http.get<GrantTrees>(AuthorizeApi.currentAuthorize),
  loginLog: (page: { currentPage: number; pageSize: number }) =>
    http.get<Page<LoginLog>>(API.currentSystemLog, page),
  subordinates: () => http.get<Subordinate[]>(SubordinateApi.current),
};
