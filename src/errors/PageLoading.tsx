import { Spin } from 'antd';

export function PageLoading() {
  return (
    <div style={{ display: 'flex', minHeight: 240, height: '100%', alignItems: 'center', justifyContent: 'center' }}>
      <Spin size="large" />
    </div>
  );
}
