import type { PortalHome as Home } from '@srm/contracts/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Select } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../store/settings';
import { toast } from '../../../utils/message';
import { modelName } from '../../systemData/dataModel/model-form';
import { portalViewApi, portalViewKeys } from './api';
import './visualPortal.css';

/** What the home-page choice holds for "the default" (the role's portal, else the product's home). */
const DEFAULT = '';

/**
 * The user's choice of home page: one of the portals he may choose, or the default (his role's
 * portal, else the product's own home). Saved for him (PUT `${home}`), then the home page follows.
 * Shown only when there is something to choose.
 */
export function HomeChoice({ home }: { home: Home }) {
  const { t } = useTranslation('visualPortal');
  const language = useAppStore((s) => s.language);
  const queryClient = useQueryClient();
  const id = useId();
  const choose = useMutation({
    mutationFn: (portalId: string) => portalViewApi.choose(portalId || null),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: portalViewKeys.home() });
      toast.success(t('home.changed'));
    },
  });
  if (home.choices.length === 0) return null;
  const value = home.chosen ? (home.portalId ?? DEFAULT) : DEFAULT;
  return (
    <div className="pw-home-choice">
      <label htmlFor={id}>{t('home.label')}</label>
      <Select
        id={id}
        value={choose.isPending ? choose.variables : value}
        loading={choose.isPending}
        onChange={(next: string) => choose.mutate(next)}
        options={[
          { value: DEFAULT, label: t('home.default') },
          ...home.choices.map((c) => ({ value: c.id, label: modelName(language, c.names) })),
        ]}
        popupMatchSelectWidth={false}
        style={{ minWidth: 180 }}
        data-testid="home-choice"
      />
    </div>
  );
}

export default HomeChoice;
