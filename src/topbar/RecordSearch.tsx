// The header's search for what a customer says: an order number, a phone number or a device number. It asks the
// lists the person may open, in that order, and opens the first list that holds the record, searched for it: a device
// number opens the equipment screen at that device, not the device's orders.
import { FileSearchOutlined } from '@ant-design/icons';
import { api } from '@ride-console/runtime';
import { useTranslation } from '@ride-console/runtime/shell';
import { App, Button, Input, Popover } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';

const first = { current: 1, size: 1 };
const orders = (filter: { outTradeNo_equal: string } | { phoneNumber_equal: string } | { keyPair_equal: string }) =>
  api.get('/api/blade-system/order/list', { ...filter, ...first }, { quiet: true });

/** Where a text may be found: the list call that finds it, and the screen (searched by the text) that shows it. The
 * filters are the lists' own (typed from the server's document), so one the server does not know fails the build. */
const PLACES = [
  { when: /^\S+$/, find: (text: string) => orders({ outTradeNo_equal: text }), open: '/business/order?outTradeNo=' },
  {
    when: /^1\d{10}$/,
    find: (text: string) => orders({ phoneNumber_equal: text }),
    open: '/business/order?phoneNumber=',
  },
  // A device number opens the device itself (its state, site and unlock are what the caller asks about); its orders
  // only when the device is gone from the equipment list.
  {
    when: /^\S+$/,
    find: (text: string) => api.get('/api/blade-system/equ/list', { keyPair_equal: text, ...first }, { quiet: true }),
    open: '/business/equ?keyPair=',
  },
  { when: /^\S+$/, find: (text: string) => orders({ keyPair_equal: text }), open: '/business/order?keyPair=' },
];

async function holds(place: (typeof PLACES)[number], text: string): Promise<boolean> {
  try {
    return (await place.find(text)).total > 0;
  } catch {
    // A list the person may not open holds nothing for them.
    return false;
  }
}

export function RecordSearch(props: { phone?: boolean; onFound?: () => void } = {}) {
  const { t } = useTranslation('shell');
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [searching, setSearching] = useState(false);
  const { message } = App.useApp();

  const find = async (value: string) => {
    const wanted = value.trim();
    if (!wanted) return;
    setSearching(true);
    try {
      for (const place of PLACES) {
        if (place.when.test(wanted) && (await holds(place, wanted))) {
          setText('');
          props.onFound?.();
          navigate(`${place.open}${encodeURIComponent(wanted)}`);
          return;
        }
      }
      message.warning(t('find.none', { text: wanted }));
    } finally {
      setSearching(false);
    }
  };

  return (
    <Input.Search
      className="top-record-search"
      size="small"
      allowClear
      aria-label={t('find.placeholder')}
      placeholder={t('find.placeholder')}
      value={text}
      loading={searching}
      onChange={(event) => setText(event.target.value)}
      onSearch={find}
      autoFocus={props.phone}
      style={{ width: props.phone ? 'calc(100vw - 64px)' : 220 }}
    />
  );
}

/** On a phone the header has no room for the box: an icon opens it under the header, as wide as the screen. */
export function PhoneRecordSearch() {
  const { t } = useTranslation('shell');
  const [open, setOpen] = useState(false);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      destroyOnHidden
      content={<RecordSearch phone onFound={() => setOpen(false)} />}
    >
      <Button type="text" icon={<FileSearchOutlined />} aria-label={t('find.placeholder')} />
    </Popover>
  );
}
