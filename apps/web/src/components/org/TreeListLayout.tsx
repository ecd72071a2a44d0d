import { Col, Row } from 'antd';
import type { ReactNode } from 'react';

/** A tree panel beside a list; below 992 px (lg) the panel stacks above the list. */
export function TreeListLayout({ tree, children }: { tree: ReactNode; children: ReactNode }) {
  return (
    <Row gutter={[12, 12]} wrap>
      <Col xs={24} lg={7} xl={5} xxl={4}>
        {tree}
      </Col>
      <Col xs={24} lg={17} xl={19} xxl={20} style={{ minWidth: 0 }}>
        {children}
      </Col>
    </Row>
  );
}
