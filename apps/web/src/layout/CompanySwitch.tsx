import { ApartmentOutlined, DownOutlined } from '@ant-design/icons';
import type { SubCompanyNode } from '@srm/contracts/core';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Dropdown, Empty, type TreeDataNode, theme } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { shellActions, useCurrentSubCompany, useSubCompanies } from '../store/shellData';
import { toast } from '../utils/message';

// Tree is 16 KB gzipped and only shows once the panel opens: kept off the shell's first paint.
const CompanyTree = lazy(() => import('./CompanyTree'));

function toTreeData(nodes: SubCompanyNode[]): TreeDataNode[] {
  return nodes.map((n) => ({
    key: n.id,
    title: <span data-testid={`company-${n.id}`}>{n.deptName}</span>,
    children: n.children?.length ? toTreeData(n.children) : undefined,
  }));
}

function findCompany(nodes: SubCompanyNode[], id: string): SubCompanyNode | undefined {
  for (const n of nodes) {
    if (n.id === id) return n;
    const found = n.children ? findCompany(n.children, id) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** The sub-company dropdown tree (docs/rules.md#tenancy): picking one switches the session's company. */
export function CompanySwitch({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('layout');
  const { token } = theme.useToken();
  const companies = useSubCompanies();
  const current = useCurrentSubCompany();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const treeData = useMemo(() => toTreeData(companies), [companies]);

  const pick = async (id: string) => {
    const company = findCompany(companies, id);
    if (!company || busy) return;
    setOpen(false);
    if (company.id === current?.id) return;
    setBusy(true);
    try {
      await shellActions.switchCompany({ id: company.id, deptName: company.deptName });
      toast.success(t('company.switched'));
      // Company-scoped lists must reload for the new company.
      void queryClient.invalidateQueries();
    } catch {
      // The request layer has shown the error.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      popupRender={() => (
        <div
          className="srm-company-panel"
          style={{
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
          }}
          data-testid="company-tree"
        >
          <div className="srm-company-panel-title" style={{ color: token.colorTextSecondary }}>
            {t('company.title')}
          </div>
          {treeData.length ? (
            <Suspense fallback={null}>
              <CompanyTree treeData={treeData} selectedId={current?.id} onPick={(id) => void pick(id)} />
            </Suspense>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('company.empty')} />
          )}
        </div>
      )}
    >
      <Button
        type="text"
        className="srm-navbar-button srm-company-button"
        loading={busy}
        icon={<ApartmentOutlined />}
        title={t('company.title')}
        aria-label={compact ? t('company.title') : undefined}
        data-testid="company-switch"
      >
        {!compact && (
          <>
            <span className="srm-company-name">{current?.deptName || t('company.title')}</span>
            <DownOutlined className="srm-caret" />
          </>
        )}
      </Button>
    </Dropdown>
  );
}
