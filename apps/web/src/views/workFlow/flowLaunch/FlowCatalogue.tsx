import { SearchOutlined } from '@ant-design/icons';
import type { FlowTree } from '@srm/contracts/core';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Card, Empty, Input, Skeleton, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../../store/settings';
import { formTitle } from '../flowEngine/forms';
import { flowTaskApi, flowTaskKeys } from '../task/api';

type Flow = FlowTree[number]['flows'][number];

/** The flows the user may launch (getFlowTreeList), by category, narrowed by a search. */
export function FlowCatalogue({ onLaunch }: { onLaunch: (flow: Flow) => void }) {
  const { t } = useTranslation('flowTask');
  const language = useAppStore((s) => s.language);
  const [search, setSearch] = useState('');
  const tree = useQuery({ queryKey: flowTaskKeys.tree(), queryFn: flowTaskApi.tree });
  const groups = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (tree.data ?? [])
      .map((g) => ({
        ...g,
        flows: g.flows.filter(
          (f) =>
            !needle || f.fullName.toLowerCase().includes(needle) || f.enCode.toLowerCase().includes(needle),
        ),
      }))
      .filter((g) => g.flows.length > 0);
  }, [tree.data, search]);

  return (
    <Card variant="borderless">
      <Input
        allowClear
        prefix={<SearchOutlined aria-hidden />}
        placeholder={t('launch.search')}
        aria-label={t('launch.search')}
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        maxLength={100}
        style={{ maxWidth: 360, marginBottom: 16 }}
        data-testid="flow-launch-search"
      />
      {tree.isLoading && <Skeleton active />}
      {!tree.isLoading && groups.length === 0 && <Empty description={t('launch.none')} />}
      {groups.map((group) => (
        <section
          key={group.category}
          className="flow-catalogue-group"
          aria-labelledby={`flow-cat-${group.category}`}
        >
          <Typography.Title level={2} id={`flow-cat-${group.category}`} className="flow-catalogue-title">
            {group.categoryName}
          </Typography.Title>
          <ul className="flow-catalogue">
            {group.flows.map((flow) => (
              <li key={flow.id}>
                <button
                  type="button"
                  className="flow-catalogue-item"
                  onClick={() => onLaunch(flow)}
                  data-testid={`flow-launch-${flow.enCode}`}
                >
                  <Avatar shape="square" className="flow-catalogue-icon" aria-hidden>
                    {flow.fullName.slice(0, 1)}
                  </Avatar>
                  <span className="flow-catalogue-text">
                    <span className="flow-catalogue-name">{flow.fullName}</span>
                    <span className="flow-catalogue-form">{formTitle(flow.formName, language)}</span>
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Card>
  );
}
