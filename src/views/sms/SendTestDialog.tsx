// Sends a test message through one SMS configuration (sms/endpoint/send-message), through the runtime's form dialog.
import { FormDialog } from '../../../runtime/form/FormDialog';
import { request } from '../../../runtime/http/client';
import type { ActionProps } from '../../../runtime/index';
import type { FormSpec } from '../../../runtime/schema/types';
import { useViewText, viewLabel } from '../grant/texts';

const form: FormSpec = {
  schema: {
    type: 'object',
    required: ['phones'],
    properties: {
      phones: { type: 'string', pattern: '^1[0-9]{10}(,1[0-9]{10})*$' },
      params: { type: 'string' },
    },
  },
  uiSchema: { params: { 'ui:widget': 'textarea', 'ui:placeholder': '{"code":"1234"}' } },
  messages: { phones: { required: viewLabel('phonesRequired'), pattern: viewLabel('phonesPattern') } },
};

const columns = [
  { field: 'phones', label: viewLabel('phones') },
  { field: 'params', label: viewLabel('smsParams') },
];

export default function SendTestDialog({ row, onClose }: ActionProps) {
  const text = useViewText();
  return (
    <FormDialog
      form={form}
      columns={columns}
      mode="add"
      title={viewLabel('smsTest')}
      rowKey="id"
      dialog={{ width: 600 }}
      onSave={async (values) => {
        await request({
          method: 'POST',
          url: '/api/blade-resource/sms/endpoint/send-message',
          params: {
            code: String(row?.smsCode ?? ''),
            phones: String(values.phones),
            params: (values.params as string | undefined) ?? '{}',
          },
        });
        return text('sent');
      }}
      onClose={() => onClose(false)}
    />
  );
}
