import { Perm } from '@srm/contracts/core';
import { Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { TFunction } from 'i18next';

/** A log column that may need a column permission (`auth`). */
export type LogColumn<T> = ColumnType<T> & { auth?: string };

/** The closing columns of the request and error logs: the IP (a column permission) and the request id. */
export function ipAndRequestIdColumns<T extends { ipAddress?: string; requestId: string }>(
  t: TFunction,
): LogColumn<T>[] {
  return [
    {
      title: t('log.ipAddress'),
      dataIndex: 'ipAddress',
      key: 'ipAddress',
      width: 130,
      auth: Perm.logIpColumn,
    },
    {
      title: t('log.requestId'),
      dataIndex: 'requestId',
      key: 'requestId',
      width: 140,
      render: (id: string) => (
        <Typography.Text copyable={{ text: id }} ellipsis style={{ maxWidth: 120 }}>
          {id}
        </Typography.Text>
      ),
    },
  ];
}
