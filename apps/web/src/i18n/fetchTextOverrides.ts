import { LanguageApi, type WebTextOverrides } from '@srm/contracts/core';
import { http } from '../api/request';

/**
 * The tenant's own web texts, or undefined when they cannot be read (the shipped ones serve). Apart
 * from `overrides.ts`, which lays them over: the start-up asks for them before that module arrives.
 */
export function fetchTextOverrides(): Promise<WebTextOverrides | undefined> {
  return http
    .get<WebTextOverrides>(LanguageApi.webOverrides, undefined, { silent: true })
    .catch(() => undefined);
}
