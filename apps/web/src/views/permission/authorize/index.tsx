import { type AuthorizeObject, GRANT_OBJECT_TYPES, type GrantObjectType } from '@srm/contracts/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { App, Card, Col, Empty, Input, List, Row, Segmented, Tag, Typography } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthorizePanel } from './AuthorizePanel';
import { authorizeApi, authorizeKeys } from './api';
import './authorize.css';

interface Selected {
  type: GrantObjectType;
  id: string;
  name: string;
}

/**
 * Permission → authorize: choose a role, position or user on the left, edit its five grant trees on
 * the right. Switching away from unsaved changes asks first.
 */
export default function AuthorizePage() {
  const { t } = useTranslation('authorize');
  const { modal } = App.useApp();
  const [objectType, setObjectType] = useState<GrantObjectType>('role');
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<Selected | null>(null);
  const [dirty, setDirty] = useState(false);
  const onDirtyChange = useCallback((value: boolean) => setDirty(value), []);

  const objects = useQuery({
    queryKey: authorizeKeys.objects(objectType, keyword),
    queryFn: () => authorizeApi.objects(objectType, keyword),
    placeholderData: keepPreviousData,
  });

  /** Runs `action` now, or after the user agrees to drop unsaved changes. */
  const guard = (action: () => void) => {
    if (!dirty) {
      action();
      return;
    }
    modal.confirm({
      title: t('dirtyTitle'),
      content: t('dirtyContent'),
      okText: t('discard'),
      cancelText: t('stay'),
      okButtonProps: { danger: true, 'data-testid': 'authorize-discard' },
      cancelButtonProps: { 'data-testid': 'authorize-stay' },
      onOk: () => {
        setDirty(false);
        action();
      },
    });
  };

  return (
    <Row gutter={[16, 16]} data-testid="authorize-page">
      <Col xs={24} lg={7}>
        <Card variant="borderless" size="small" title={t('objectType')}>
          <Segmented<GrantObjectType>
            block
            value={objectType}
            onChange={(value) =>
              guard(() => {
                setObjectType(value);
                setSelected(null);
              })
            }
            options={GRANT_OBJECT_TYPES.map((value) => ({
              value,
              label: <span data-testid={`authorize-type-${value}`}>{t(value)}</span>,
            }))}
            style={{ marginBottom: 12 }}
          />
          <Input.Search
            allowClear
            placeholder={t('searchPlaceholder')}
            maxLength={100}
            onSearch={(value) => setKeyword(value.trim())}
            data-testid="authorize-search"
          />
          <div className="srm-authorize-objects">
            <List<AuthorizeObject>
              size="small"
              loading={objects.isFetching}
              dataSource={objects.data ?? []}
              locale={{
                emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noObjects')} />,
              }}
              renderItem={(item) => {
                const active = selected?.type === objectType && selected.id === item.id;
                return (
                  <List.Item
                    className={`srm-authorize-object${active ? ' is-active' : ''}`}
                    onClick={() => {
                      if (!active)
                        guard(() => setSelected({ type: objectType, id: item.id, name: item.name }));
                    }}
                    data-testid={`authorize-object-${item.code}`}
                  >
                    <List.Item.Meta
                      title={
                        <span>
                          {item.name}
                          {!item.enabled && (
                            <Tag style={{ marginInlineStart: 8 }} color="default">
                              {t('disabled')}
                            </Tag>
                          )}
                        </span>
                      }
                      description={[item.code, item.extra].filter(Boolean).join(' · ')}
                    />
                  </List.Item>
                );
              }}
            />
          </div>
        </Card>
      </Col>
      <Col xs={24} lg={17}>
        <Card
          variant="borderless"
          size="small"
          title={
            selected ? (
              <Typography.Text data-testid="authorize-selected">
                {t(selected.type)} · {selected.name}
              </Typography.Text>
            ) : null
          }
        >
          {selected ? (
            <AuthorizePanel
              key={`${selected.type}:${selected.id}`}
              objectType={selected.type}
              objectId={selected.id}
              onDirtyChange={onDirtyChange}
            />
          ) : (
            <Empty description={t('chooseObject')} data-testid="authorize-choose" />
          )}
        </Card>
      </Col>
    </Row>
  );
}
