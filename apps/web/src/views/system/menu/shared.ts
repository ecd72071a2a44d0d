import {
  formRule,
  type Locale,
  type MenuNode,
  nameInLocale,
  type ValidationMessageKey,
  validationMessage,
} from '@srm/contracts/core';
import type { QueryClient } from '@tanstack/react-query';
import type { FormInstance, Rule } from 'antd/es/form';
import { useMemo } from 'react';
import { ApiError } from '../../../api/request';
import { useAppStore } from '../../../store/settings';
import { MENU_QUERY_KEY } from './api';

export function invalidateMenus(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: MENU_QUERY_KEY });
}

/** The menu's name in the interface language; an empty translation shows the simplified-Chinese one. */
export function menuTitle(menu: Pick<MenuNode, 'menuName' | 'menuNameEn' | 'menuNameTw'>, language: Locale) {
  return nameInLocale(language, menu.menuName, menu.menuNameEn, menu.menuNameTw);
}

/** Ids of the menus that have children (what "expand all" opens). */
export function parentIds(nodes: MenuNode[]): string[] {
  const ids: string[] = [];
  const walk = (list: MenuNode[]) => {
    for (const node of list) {
      if (node.children?.length) {
        ids.push(node.id);
        walk(node.children);
      }
    }
  };
  walk(nodes);
  return ids;
}

export function countMenus(nodes: MenuNode[]): number {
  return nodes.reduce((n, node) => n + 1 + countMenus(node.children ?? []), 0);
}

/** Puts the server's field messages (body code 400) on the form; true when there were some. */
export function applyFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as object));
  form.setFields(
    Object.entries(error.fields)
      .filter(([name]) => known.has(name))
      .map(([name, message]) => ({ name, errors: [message] })),
  );
  return true;
}

/** Client-side copies of the server's rules (the server checks again). */
export function useMenuFormRules() {
  const language = useAppStore((s) => s.language);
  return useMemo(() => {
    const msg = (key: ValidationMessageKey, params?: Record<string, number>) =>
      validationMessage(key, language, params);
    const required: Rule = { required: true, whitespace: true, message: msg('validation.required') };
    // For selects: no whitespace check, which would refuse the number 0 (a directory).
    const chosen: Rule = { required: true, message: msg('validation.required') };
    const max = (n: number): Rule => ({ max: n, message: msg('validation.tooLong', { max: n }) });
    return {
      required,
      chosen,
      max,
      name: [required, max(50)],
      enCode: [required, max(100), formRule('enCode', (k) => msg(k))],
    };
  }, [language]);
}
