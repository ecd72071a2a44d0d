import { Drawer } from 'antd';
import { SIDEBAR_WIDTH } from './menuUtils';
import { Sidebar } from './Sidebar';

/** On mobile every layout shows its menu in a drawer from the left. */
export default function MobileSidebar({
  open,
  onClose,
  dark,
}: {
  open: boolean;
  onClose(): void;
  dark: boolean;
}) {
  return (
    <Drawer
      placement="left"
      open={open}
      onClose={onClose}
      size={SIDEBAR_WIDTH}
      closable={false}
      styles={{ body: { padding: 0 } }}
      className="srm-sidebar-drawer"
      data-testid="sidebar-drawer"
    >
      <Sidebar collapsed={false} dark={dark} showLogo inDrawer />
    </Drawer>
  );
}
