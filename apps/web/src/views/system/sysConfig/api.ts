import { API, SysConfigApi, type SysConfigGroup, type SysConfigValues } from '@srm/contracts/core';
import { http } from '../../../api/request';
import type { ConfigItem } from '../../../store/cache';

export const sysConfigKeys = {
  all: ['sysConfig'] as const,
};

export const sysConfigApi = {
  /** Every group, typed (the settings page). */
  all: () => http.get<SysConfigValues>(SysConfigApi.config),
  saveGroup: (group: SysConfigGroup, body: unknown) =>
    http.put<SysConfigValues>(`${SysConfigApi.config}/${group}`, body),
  /** The start-up copy every signed-in user reads (about dialog, password hints, upload limit). */
  startupItems: () => http.get<ConfigItem[]>(API.sysConfig, undefined, { silent: true }),
};
