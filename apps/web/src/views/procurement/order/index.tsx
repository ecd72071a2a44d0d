import { PurchaseOrderPerm } from '@srm/contracts/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuth } from '../../../components/Auth';
import { orderApi, orderKeys } from '../api';
import { OrderList } from '../OrderList';
import { OrderDetail } from './OrderDetail';
import { OrderEditor } from './OrderEditor';

/** 采购协同 › 采购订单: the tenant's orders; a new one opens in the editor, then in its detail. */
export default function PurchaseOrderPage() {
  const { has } = useAuth();
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [, setSearchParams] = useSearchParams();
  return (
    <>
      <OrderList
        side="staff"
        list={orderApi.list}
        queryKey={orderKeys.list}
        detail={(id, close) => <OrderDetail key={id} id={id} onClose={close} />}
        onAdd={has(PurchaseOrderPerm.orderAdd) ? () => setAdding(true) : undefined}
      />
      {adding && (
        <OrderEditor
          order={null}
          onClose={() => setAdding(false)}
          onSaved={(saved) => {
            setAdding(false);
            queryClient.setQueryData(orderKeys.one(saved.id), saved);
            void queryClient.invalidateQueries({ queryKey: orderKeys.all });
            setSearchParams({ id: saved.id }, { replace: true });
          }}
        />
      )}
    </>
  );
}
