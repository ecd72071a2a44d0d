import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, type ButtonProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '../../utils/message';

/**
 * A confirmation before an action: `content` asked, `onOk` run on OK (its failure is the request
 * layer's to show). The texts come from the namespace `ns` (`tip`, `confirm`, `cancel`); OK has
 * the test id `testId`.
 */
export function useConfirm(ns: string, testId: string) {
  const { t } = useTranslation(ns);
  const { modal } = App.useApp();
  return (content: string, onOk: () => Promise<unknown>, danger = false) =>
    modal.confirm({
      title: t('tip'),
      content,
      okText: t('confirm'),
      cancelText: t('cancel'),
      okButtonProps: { danger, 'data-testid': testId } as ButtonProps,
      onOk: () => onOk().catch(() => undefined),
    });
}

/**
 * One document in a detail drawer and what is done to it: read again on opening (the other side
 * may have acted since); `act` runs a call answering the document (null: it is gone, the drawer
 * closes), says done (`ns`'s `done`) and reads the lists again; `saved` puts an answer in place;
 * `confirm` asks first (`useConfirm`, test id `${prefix}-confirm-ok`) and then acts.
 */
export function useDocument<T>({
  ns,
  prefix,
  oneKey,
  allKey,
  fetch,
  onClose,
}: {
  ns: string;
  prefix: string;
  oneKey: QueryKey;
  allKey: QueryKey;
  fetch: () => Promise<T>;
  onClose: () => void;
}) {
  const { t } = useTranslation(ns);
  const queryClient = useQueryClient();
  const query = useQuery({ queryKey: oneKey, queryFn: fetch, refetchOnMount: 'always' });
  const saved = (next: T | null) => {
    if (next) queryClient.setQueryData(oneKey, next);
    void queryClient.invalidateQueries({ queryKey: allKey });
  };
  const act = useMutation({
    mutationFn: (call: () => Promise<T | null>) => call(),
    onSuccess: (next) => {
      toast.success(t('done'));
      saved(next);
      if (!next) onClose();
    },
  });
  const ask = useConfirm(ns, `${prefix}-confirm-ok`);
  const confirm = (content: string, call: () => Promise<T | null>, danger = false) =>
    ask(content, () => act.mutateAsync(call), danger);
  return { query, saved, act, confirm };
}

/**
 * A list page's new document: `adding` while its editor is open; once `added`, the document is put
 * in place, the lists are read again and it opens (`?id=`).
 */
export function useAdding<T extends { id: string }>(oneKey: (id: string) => QueryKey, allKey: QueryKey) {
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [, setSearchParams] = useSearchParams();
  return {
    adding,
    start: () => setAdding(true),
    stop: () => setAdding(false),
    added: (saved: T) => {
      setAdding(false);
      queryClient.setQueryData(oneKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: allKey });
      setSearchParams({ id: saved.id }, { replace: true });
    },
  };
}
