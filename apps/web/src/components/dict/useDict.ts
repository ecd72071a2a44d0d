import { API, type ConfDict, type DictionaryNode } from '@srm/contracts/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { http } from '../../api/request';
import { useCacheStore } from '../../store/cache';
import { useAppStore } from '../../store/settings';
import { onFrame } from '../../store/socket';

/** The prefix every dictionary query sits under: `dictChanged` invalidates it. */
export const DICT_QUERY_KEY = ['dict'] as const;
export const dictKeys = {
  /** get-conf-dist in a language (item names come translated by the server). */
  conf: (language: string) => [...DICT_QUERY_KEY, 'conf', language] as const,
};

/**
 * The start-up dictionaries (get-conf-dist) in the current language. The answer is the same for
 * every form, so it is fetched once and kept until the server says a dictionary changed.
 */
export function useConfDicts() {
  const language = useAppStore((s) => s.language);
  return useQuery({
    queryKey: dictKeys.conf(language),
    queryFn: () => http.get<ConfDict[]>(API.confDist),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** One dictionary type by its enCode (undefined while loading or when the tenant has none). */
export function useDict(typeCode: string): { dict: ConfDict | undefined; loading: boolean } {
  const query = useConfDicts();
  return { dict: query.data?.find((d) => d.enCode === typeCode), loading: query.isLoading };
}

/** Depth-first walk of a type's items. */
export function* walkDict(nodes: readonly DictionaryNode[]): Generator<DictionaryNode> {
  for (const node of nodes) {
    yield node;
    if (node.children) yield* walkDict(node.children);
  }
}

/** An item's name by code, or the code itself when the item is gone. */
export function dictLabel(dict: ConfDict | undefined, code: string): string {
  if (!dict) return code;
  for (const node of walkDict(dict.dictionaryList)) if (node.enCode === code) return node.fullName;
  return code;
}

/**
 * Mounted once by the signed-in shell: a `dictChanged` frame (any tab of the tenant saved a
 * dictionary) reloads the start-up dictionaries and every dictionary query; so does a language
 * switch, since item names come translated.
 */
export function useDictSync(): void {
  const queryClient = useQueryClient();
  const language = useAppStore((s) => s.language);
  useEffect(
    () =>
      onFrame('dictChanged', () => {
        void queryClient.invalidateQueries({ queryKey: DICT_QUERY_KEY });
        void useCacheStore
          .getState()
          .reloadDicts()
          .catch(() => undefined);
      }),
    [queryClient],
  );
  const loaded = useCacheStore((s) => s.loaded);
  useEffect(() => {
    // The start-up load already used this language; a later switch reloads.
    if (loaded && loadedLanguage !== null && language !== loadedLanguage) {
      void useCacheStore
        .getState()
        .reloadDicts()
        .catch(() => undefined);
    }
    loadedLanguage = language;
  }, [language, loaded]);
}
let loadedLanguage: string | null = null;
