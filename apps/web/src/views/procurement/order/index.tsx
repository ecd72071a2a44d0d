import { type PurchaseOrder, PurchaseOrderPerm } from '@srm/contracts/core';
import { useAuth } from '../../../components/Auth';
import { orderApi, orderKeys } from '../api';
import { useAdding } from '../documentActions';
import { OrderList } from '../OrderList';
import { OrderDetail } from './OrderDetail';
import { OrderEditor } from './OrderEditor';

/** 采购协同 › 采购订单: the tenant's orders; a new one opens in the editor, then in its detail. */
export default function PurchaseOrderPage() {
  const { has } = useAuth();
  const { adding, start, stop, added } = useAdding<PurchaseOrder>(orderKeys.one, orderKeys.all);
  return (
    <>
      <OrderList
        side="staff"
        list={orderApi.list}
        queryKey={orderKeys.list}
        detail={(id, close) => <OrderDetail key={id} id={id} onClose={close} />}
        onAdd={has(PurchaseOrderPerm.orderAdd) ? start : undefined}
      />
      {adding && <OrderEditor order={null} onClose={stop} onSaved={added} />}
    </>
  );
}
