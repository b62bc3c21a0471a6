// The same order list written by hand with antd Table and swr: the yardstick for the runtime's cost.
import { Button, Space, Table, type TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { http } from '../../runtime/http/client';
import { stateItems } from './fixtures';

type Order = Record<string, unknown>;

const money = (cents: unknown) => ((Number(cents) === -1 ? 0 : Number(cents)) / 100).toFixed(2);

export function HandWrittenPage() {
  const [selected, setSelected] = useState<React.Key[]>([]);
  const { data } = useSWR('orders', () => http.get<Order[]>('/api/blade-system/order/list'));
  const { data: states } = useSWR('order_status', () => Promise.resolve(stateItems));
  const columns: TableColumnsType<Order> = [
    { key: 'outTradeNo', dataIndex: 'outTradeNo', title: '商户订单号', width: 160 },
    { key: 'nickname', dataIndex: 'nickname', title: '昵称' },
    { key: 'phoneNumber', dataIndex: 'phoneNumber', title: '手机号' },
    { key: 'siteName', dataIndex: 'siteName', title: '站点' },
    { key: 'totalAmount', dataIndex: 'totalAmount', title: '总金额', render: (value) => money(value) },
    {
      key: 'state',
      dataIndex: 'state',
      title: '状态',
      render: (value) => states?.find((item) => item.dictKey === String(value))?.dictValue ?? value,
    },
    {
      key: 'startTime',
      dataIndex: 'startTime',
      title: '开始时间',
      render: (value) => dayjs(value).format('YYYY-MM-DD'),
    },
    {
      key: 'operations',
      title: '操作',
      fixed: 'right',
      render: () => (
        <Space size={0} wrap>
          <Button type="link" size="small">
            查看
          </Button>
          <Button type="link" size="small" danger>
            删除
          </Button>
        </Space>
      ),
    },
  ];
  return (
    <div>
      <Space style={{ marginBottom: 12 }}>
        <Button danger>删除</Button>
        <Button>刷新</Button>
      </Space>
      <Table<Order>
        rowKey="id"
        size="middle"
        bordered
        dataSource={data}
        columns={columns}
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: selected, onChange: setSelected }}
        pagination={false}
      />
    </div>
  );
}
