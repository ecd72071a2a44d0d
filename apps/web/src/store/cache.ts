import {
  API,
  type commonEnumsSchema,
  type confDictSchema,
  type configItemSchema,
  type distSchema,
  ROOT_ID,
  type SubCompanyNode,
} from '@srm/contracts/core';
import type { z } from 'zod';
import { create } from 'zustand';
import { http } from '../api/request';
import { StorageKey, storage } from '../utils/storage';

export type CommonEnums = z.infer<typeof commonEnumsSchema>;
export type ConfDict = z.infer<typeof confDictSchema>;
export type Dist = z.infer<typeof distSchema>;
export type ConfigItem = z.infer<typeof configItemSchema>;
export interface SubCompanyInfo {
  id: string;
  deptName: string;
}

interface CacheData {
  enums: CommonEnums;
  confDicts: ConfDict[];
  sysDists: Dist[];
  baseDists: Dist[];
  sysConfig: ConfigItem[];
  baseConfig: ConfigItem[];
  subCompanies: SubCompanyNode[];
  /** The company the session acts within; persisted under 'subCompanyInfo'. */
  subCompanyInfo: SubCompanyInfo | null;
  loaded: boolean;
}

export interface CacheState extends CacheData {
  /** Start-up loads (docs/rules.md#start-up): enums, configured dictionaries, sys/base dictionaries and configs, sub-companies. */
  loadAll(): Promise<void>;
  /** Loads the dictionaries again (after `dictChanged` or a language switch). */
  reloadDicts(): Promise<void>;
  /** A configuration value: system config first, then base config. */
  config(key: string): string | undefined;
  dict(enCode: string): ConfDict | undefined;
  sysDist(code: string): Dist | undefined;
  baseDist(code: string): Dist | undefined;
  enumOf(name: string): { key: string; value: string }[];
  setSubCompanyInfo(info: SubCompanyInfo | null): void;
  /** POST switchCompany, then stores the choice (the caller shows 组织切换成功). */
  switchCompany(company: SubCompanyInfo): Promise<void>;
  reset(): void;
}

function readSubCompany(): SubCompanyInfo | null {
  const value = storage.get<SubCompanyInfo>(StorageKey.subCompanyInfo);
  return value && typeof value === 'object' && typeof value.id === 'string' ? value : null;
}

const EMPTY: Omit<CacheData, 'subCompanyInfo'> = {
  enums: {},
  confDicts: [],
  sysDists: [],
  baseDists: [],
  sysConfig: [],
  baseConfig: [],
  subCompanies: [],
  loaded: false,
};

export const useCacheStore = create<CacheState>((set, get) => ({
  ...EMPTY,
  subCompanyInfo: readSubCompany(),
  async loadAll() {
    const [enums, confDicts, sysDists, sysConfig, baseDists, baseConfig, subCompanies] = await Promise.all([
      http.get<CommonEnums>(API.enums),
      http.get<ConfDict[]>(API.confDist),
      http.get<Dist[]>(API.sysDist),
      http.get<ConfigItem[]>(API.sysConfig),
      http.get<Dist[]>(API.baseDist),
      http.get<ConfigItem[]>(API.baseConfig),
      http.get<SubCompanyNode[]>(API.subCompany(ROOT_ID)),
    ]);
    set({
      enums: enums ?? {},
      confDicts: confDicts ?? [],
      sysDists: sysDists ?? [],
      sysConfig: sysConfig ?? [],
      baseDists: baseDists ?? [],
      baseConfig: baseConfig ?? [],
      subCompanies: subCompanies ?? [],
      loaded: true,
    });
  },
  async reloadDicts() {
    const [confDicts, sysDists, baseDists] = await Promise.all([
      http.get<ConfDict[]>(API.confDist, undefined, { silent: true }),
      http.get<Dist[]>(API.sysDist, undefined, { silent: true }),
      http.get<Dist[]>(API.baseDist, undefined, { silent: true }),
    ]);
    set({ confDicts: confDicts ?? [], sysDists: sysDists ?? [], baseDists: baseDists ?? [] });
  },
  config(key) {
    const { sysConfig, baseConfig } = get();
    return (sysConfig.find((c) => c.paramKey === key) ?? baseConfig.find((c) => c.paramKey === key))
      ?.paramValue;
  },
  dict(enCode) {
    return get().confDicts.find((d) => d.enCode === enCode);
  },
  sysDist(code) {
    return get().sysDists.find((d) => d.distCode === code);
  },
  baseDist(code) {
    return get().baseDists.find((d) => d.distCode === code);
  },
  enumOf(name) {
    return get().enums[name] ?? [];
  },
  setSubCompanyInfo(info) {
    if (info) storage.set(StorageKey.subCompanyInfo, info);
    else storage.remove(StorageKey.subCompanyInfo);
    set({ subCompanyInfo: info });
  },
  async switchCompany(company) {
    await http.post(API.switchCompany, { companyId: company.id });
    get().setSubCompanyInfo({ id: company.id, deptName: company.deptName });
  },
  reset() {
    storage.remove(StorageKey.subCompanyInfo);
    set({ ...EMPTY, subCompanyInfo: null });
  },
}));
