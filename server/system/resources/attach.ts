// Attachments: one row per uploaded file (oss/upload.ts writes them). Removing one also deletes the stored file,
// once the removal is committed (a failed removal keeps its file).
import { defineResource } from '../../platform/engine/define.js';
import { fileStoreOf, localStore } from '../oss/store.js';

export const attachments = defineResource({
  table: 'blade_attach',
  prefix: '/blade-resource/attach',
  menu: 'attach',
  title: '附件',
  operations: ['list', 'detail', 'remove'],
  defaultOrder: [['createTime', 'desc']],
  fields: {
    link: { type: 'text', label: '附件地址', en: 'Link', maxLength: 1000 },
    domain: { type: 'text', label: '附件域名', en: 'Domain', maxLength: 500 },
    name: { type: 'text', label: '附件名称', en: 'Stored name', maxLength: 500 },
    originalName: { type: 'text', label: '附件原名', en: 'Original name', maxLength: 500 },
    extension: { type: 'text', label: '附件拓展名', en: 'Extension', maxLength: 12 },
    attachSize: { type: 'integer', label: '附件大小', en: 'Size (bytes)' },
  },
  afterRemove: async ({ ctx, db, ids }) => {
    const rows = await db.selectFrom('blade_attach').select('name').where('id', 'in', ids).execute();
    // A file may be on the disk (kept before a cloud store was enabled) or in the cloud store: removed from both.
    const stores = [localStore(ctx), await fileStoreOf(ctx)];
    for (const row of rows)
      if (typeof row.name === 'string') for (const store of new Set(stores)) await store.remove(row.name);
  },
});
