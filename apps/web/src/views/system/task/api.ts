import {
  BackupApi,
  type BackupInfo,
  type CronPreview,
  type Page,
  type RestoreResult,
  type Task,
  TaskApi,
  type TaskJob,
  type TaskJobCode,
  type TaskRun,
} from '@srm/contracts/core';
import { http, type QueryParams } from '../../../api/request';

/** A task as the add and edit forms send it. */
export interface TaskBody {
  name: string;
  nameEn?: string;
  nameTw?: string;
  jobCode: TaskJobCode;
  params: { days?: number; keep?: number };
  cron: string;
  timeZone: string;
  enabled: boolean;
}

export const taskKeys = {
  all: ['task'] as const,
  list: (params: QueryParams) => ['task', 'list', params] as const,
  jobs: ['task', 'jobs'] as const,
  runs: (params: QueryParams) => ['task', 'runs', params] as const,
  preview: (cron: string, timeZone: string) => ['task', 'preview', cron, timeZone] as const,
  backup: ['task', 'backup'] as const,
};

export const taskApi = {
  list: (params: QueryParams) => http.get<Page<Task>>(TaskApi.task, params),
  jobs: () => http.get<TaskJob[]>(TaskApi.jobs),
  preview: (cron: string, timeZone: string) =>
    http.get<CronPreview>(TaskApi.preview, { cron, timeZone }, { silent: true }),
  runs: (params: QueryParams) => http.get<Page<TaskRun>>(TaskApi.runs, params),
  create: (body: TaskBody) => http.post<Task>(TaskApi.task, body),
  update: (id: string, body: TaskBody) => http.put<Task>(`${TaskApi.task}/${id}`, body),
  setState: (id: string, enabled: boolean) =>
    http.put<Task>(`${TaskApi.task}/${id}/Actions/State`, { enabled }),
  run: (id: string) => http.post<{ jobId: string }>(`${TaskApi.task}/${id}/Actions/Run`),
  remove: (id: string) => http.delete(`${TaskApi.task}/${id}`),
};

export const backupApi = {
  info: () => http.get<BackupInfo>(BackupApi.backup),
  create: () => http.post(BackupApi.backup),
  remove: (name: string) => http.delete(`${BackupApi.backup}/${name}`),
  download: (name: string) => http.blob(`${BackupApi.backup}/${name}/Actions/Download`),
  restore: (name: string) => http.post<RestoreResult>(`${BackupApi.backup}/${name}/Actions/Restore`),
};
