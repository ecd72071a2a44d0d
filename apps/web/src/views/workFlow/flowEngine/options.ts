import { useQuery } from '@tanstack/react-query';
import { useUserStore } from '../../../store/user';
import { userApi, userKeys } from '../../permission/user/api';

/** Roles and positions of the tenant for the designer's pickers (silent: no screen, no options). */
export function useOrgOptions() {
  const tenantId = useUserStore((s) => s.userInfo?.tenantId);
  const roles = useQuery({
    queryKey: userKeys.roleOptions(tenantId),
    queryFn: () => userApi.roleOptions(tenantId ?? ''),
    enabled: !!tenantId,
  });
  const positions = useQuery({ queryKey: userKeys.positionOptions(), queryFn: userApi.positionOptions });
  return {
    roles: (roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName })),
    positions: (positions.data ?? []).map((p) => ({ value: p.id, label: p.positionName })),
  };
}
