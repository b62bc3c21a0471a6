// Platform settings of one user (user type and extension), loaded from platform-detail and saved by update-platform,
// through the runtime's form dialog.
import { FormDialog } from '../../../runtime/form/FormDialog';
import { request } from '../../../runtime/http/client';
import type { ActionProps } from '../../../runtime/index';
import type { FormSpec } from '../../../runtime/schema/types';
import { useViewText, viewLabel } from '../grant/texts';

const form: FormSpec = {
  schema: {
    type: 'object',
    required: ['userType'],
    properties: { userType: { type: 'integer' }, userExt: { type: 'string' } },
  },
  uiSchema: {
    userType: { 'ui:widget': 'dictSelect', 'ui:options': { dict: 'user_type' } },
    userExt: { 'ui:widget': 'textarea' },
  },
  messages: { userType: { required: viewLabel('userTypeRequired') } },
};

const columns = [
  { field: 'userType', label: viewLabel('userType') },
  { field: 'userExt', label: viewLabel('userExt') },
];

export default function PlatformDialog({ row, onClose }: ActionProps) {
  const text = useViewText();
  return (
    <FormDialog
      form={form}
      columns={columns}
      mode="edit"
      title={viewLabel('platform')}
      record={row}
      rowKey="id"
      detailUrl="/api/blade-user/platform-detail"
      dialog={{ width: 600 }}
      onSave={async (values) => {
        await request({
          method: 'POST',
          url: '/api/blade-user/update-platform',
          params: {
            userId: String(row?.id),
            userType: values.userType as number,
            userExt: (values.userExt as string | undefined) ?? '',
          },
        });
        return text('granted');
      }}
      onClose={onClose}
    />
  );
}
