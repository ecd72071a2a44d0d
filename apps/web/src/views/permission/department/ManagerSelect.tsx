import { useTranslation } from 'react-i18next';
import { UserSelect } from '../../../components/user';

interface ManagerSelectProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  /** The current manager's name, shown until the picker has read the users. */
  managerName?: string | null;
  'data-testid'?: string;
}

/** A department's manager: one enabled user of the tenant, searched on the server by name or account. */
export function ManagerSelect({ value, onChange, managerName, 'data-testid': testId }: ManagerSelectProps) {
  const { t } = useTranslation('org');
  return (
    <UserSelect
      value={value}
      onChange={onChange}
      knownLabels={value && managerName ? { [value]: managerName } : undefined}
      placeholder={t('department.managerPick')}
      data-testid={testId}
    />
  );
}
