import { AREA_ROOT, type AreaItem, type AreaMatch } from '@srm/contracts/core';
import { Cascader } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { areaApi } from './api';

interface AreaOption {
  value: string;
  label: string;
  isLeaf: boolean;
  /** A search match (the last step of its path), not just an ancestor shown for context. */
  matched?: boolean;
  children?: AreaOption[];
}

export interface AreaCascaderProps {
  /** Codes from the province down (a form field's value). */
  value?: string[];
  onChange?: (codes: string[], names: string[]) => void;
  /** Deepest level offered: 1 province, 2 city, 3 district (default). */
  maxLevel?: 1 | 2 | 3;
  /** Accept a province or city too, not only the deepest level. */
  changeOnSelect?: boolean;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  'aria-label'?: string;
  'data-testid'?: string;
}

const toOption = (item: AreaItem, maxLevel: number): AreaOption => ({
  value: item.code,
  label: item.name,
  isLeaf: item.isLeaf || item.level >= maxLevel,
});

/** Search matches as a tree of their paths (cut at maxLevel), matches marked. */
function searchTree(matches: AreaMatch[], maxLevel: number): AreaOption[] {
  const roots: AreaOption[] = [];
  for (const { path } of matches) {
    if (path.length > maxLevel) continue;
    let level = roots;
    path.forEach((step, i) => {
      let node = level.find((o) => o.value === step.code);
      if (!node) {
        node = { value: step.code, label: step.name, isLeaf: step.isLeaf || i + 1 >= maxLevel };
        level.push(node);
      }
      if (i === path.length - 1) node.matched = true;
      else {
        node.children ??= [];
        level = node.children;
      }
    });
  }
  return roots;
}

function withChildren(options: AreaOption[], code: string, children: AreaOption[]): AreaOption[] {
  return options.map((o) => {
    if (o.value === code) return { ...o, children };
    return o.children ? { ...o, children: withChildren(o.children, code, children) } : o;
  });
}

/**
 * Province → city → district picker: each level loads when opened, and typing searches the server
 * by name or code (matches shown with their path). Works signed in (the tenant's corrections) and
 * on public pages (the shipped data). Only enabled entries are offered.
 */
export function AreaCascader({
  value,
  onChange,
  maxLevel = 3,
  changeOnSelect,
  placeholder,
  disabled,
  id,
  'aria-label': ariaLabel,
  'data-testid': testId,
}: AreaCascaderProps) {
  const { t } = useTranslation('area');
  const [options, setOptions] = useState<AreaOption[]>([]);
  const [search, setSearch] = useState('');
  const [found, setFound] = useState<AreaOption[]>([]);
  const [searching, setSearching] = useState(false);
  const loaded = useRef(new Set<string>());

  const loadChildren = useCallback(
    async (code: string) => {
      if (loaded.current.has(code)) return;
      const items = await areaApi.children(code);
      loaded.current.add(code);
      const children = items.map((item) => toOption(item, maxLevel));
      setOptions((prev) => (code === AREA_ROOT ? children : withChildren(prev, code, children)));
    },
    [maxLevel],
  );

  // The provinces when the picker first opens (a form's first screen does not wait for them), or
  // at once for a value given from outside, with every level of it (so its names show).
  const [opened, setOpened] = useState(false);
  const valueKey = (value ?? []).join(',');
  useEffect(() => {
    if (!opened && !valueKey) return;
    let cancelled = false;
    void (async () => {
      await loadChildren(AREA_ROOT);
      for (const code of valueKey ? valueKey.split(',').slice(0, -1) : []) {
        if (cancelled) return;
        await loadChildren(code);
      }
    })().catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [valueKey, loadChildren, opened]);

  // Typing asks the server after a short pause; the answer of the latest text wins.
  useEffect(() => {
    const keyword = search.trim();
    if (!keyword) {
      setFound([]);
      return;
    }
    let cancelled = false;
    setSearching(true);
    const timer = setTimeout(() => {
      areaApi
        .search(keyword)
        .then((matches) => {
          if (!cancelled) setFound(searchTree(matches, maxLevel));
        })
        .catch(() => undefined)
        .finally(() => {
          if (!cancelled) setSearching(false);
        });
    }, 250);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [search, maxLevel]);

  const showSearch = useMemo(
    () => ({
      searchValue: search,
      onSearch: setSearch,
      // The server already matched: show each match (not its ancestors) once.
      filter: (_input: string, path: AreaOption[]) => path.at(-1)?.matched === true,
      limit: false as const,
    }),
    [search],
  );

  return (
    <Cascader<AreaOption>
      id={id}
      value={value}
      options={search.trim() ? found : options}
      loadData={(selected) => {
        const last = selected.at(-1);
        if (last) void loadChildren(last.value).catch(() => undefined);
      }}
      onChange={(codes, selected) => {
        setSearch('');
        onChange?.(
          (codes ?? []).map(String),
          (selected ?? []).map((o) => o.label),
        );
      }}
      onOpenChange={(open) => open && setOpened(true)}
      changeOnSelect={changeOnSelect}
      showSearch={showSearch}
      notFoundContent={
        searching || (!search.trim() && options.length === 0 && !loaded.current.has(AREA_ROOT))
          ? t('cascader.searching')
          : t('cascader.none')
      }
      placeholder={placeholder ?? t('cascader.placeholder')}
      disabled={disabled}
      aria-label={ariaLabel}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
