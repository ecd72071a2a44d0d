import { UserApi, type UserPick } from '@srm/contracts';
import { useQuery } from '@tanstack/react-query';
import { Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { http } from '../../../api/request';
import { ORG_QUERY_KEY } from '../../../components/org';

interface ManagerSelectProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  'data-testid'?: string;
}

/** A department's manager: one enabled user of the tenant, searched by name or account. */
export function ManagerSelect({ value, onChange, 'data-testid': testId }: ManagerSelectProps) {
  const { t } = useTranslation('org');
  const users = useQuery({
    queryKey: [...ORG_QUERY_KEY, 'userPicker'],
    queryFn: () => http.get<UserPick[]>(UserApi.selector),
  });
  const options = useMemo(
    () =>
      (users.data ?? []).map((u) => ({
        value: u.id,
        label: `${u.realName} (${u.account})`,
        title: u.deptName ?? undefined,
      })),
    [users.data],
  );
  return (
    <Select<string>
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      options={options}
      loading={users.isLoading}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={t('department.managerPick')}
      style={{ width: '100%' }}
      data-testid={testId}
    />
  );
}
