// What the customer app shows besides coupons: shop goods, banners, usage tips and common questions. `normal` is
// the app's 常见问题 (the questions customers ask most, with their answers), the reading a rental console needs.
import { defineResource } from '../../platform/engine/define.js';
import { linkField } from '../../platform/engine/links.js';
import { CENTS_MAX } from '../../platform/http/money.js';
import { checkWindow } from './rules.js';

/** Dictionary `publish_state`: 1 已发布, 2 未发布 (the default: nothing reaches customers by accident). */
const publishState = { type: 'integer' as const, label: '发布状态', en: 'Published', enum: [1, 2] };
const sort = { type: 'integer' as const, label: '排序', en: 'Sort', minimum: 0, maximum: 99999 };

export const goods = defineResource({
  table: 'biz_goods',
  prefix: '/blade-system/goods',
  menu: 'goods',
  title: '商品',
  defaultOrder: [['sort', 'asc']],
  fields: {
    goodsName: { type: 'text', label: '商品名称', en: 'Goods name', required: '请输入商品名称', maxLength: 100 },
    picture: linkField('图片', 'Picture'),
    price: {
      type: 'integer',
      label: '价格(分)',
      en: 'Price (cents)',
      money: true,
      required: '请输入价格',
      minimum: 0,
      maximum: CENTS_MAX,
    },
    stock: { type: 'integer', label: '库存', en: 'Stock', minimum: 0, maximum: 10_000_000 },
    // Dictionary `shelf_state`: 1 上架, 2 下架 (the default).
    shelfState: { type: 'integer', label: '上架状态', en: 'On shelf', enum: [1, 2] },
    description: { type: 'text', label: '商品描述', en: 'Description', maxLength: 2000 },
    sort,
  },
});

export const banners = defineResource({
  table: 'biz_banner',
  prefix: '/blade-system/banner',
  menu: 'banner',
  title: '轮播图',
  defaultOrder: [['sort', 'asc']],
  fields: {
    title: { type: 'text', label: '标题', en: 'Title', required: '请输入标题', maxLength: 100 },
    image: linkField('图片', 'Image', { required: '请上传图片' }),
    link: linkField('跳转链接', 'Link'),
    sort,
    validFrom: { type: 'datetime', label: '开始时间', en: 'From' },
    validTo: { type: 'datetime', label: '结束时间', en: 'To' },
    publishState,
  },
  validate: async (event) => checkWindow(event, 'validFrom', 'validTo', '结束时间必须晚于开始时间'),
});

export const tips = defineResource({
  table: 'biz_tip',
  prefix: '/blade-system/tip',
  menu: 'tip',
  title: '提示',
  defaultOrder: [['sort', 'asc']],
  fields: {
    title: { type: 'text', label: '标题', en: 'Title', required: '请输入标题', maxLength: 100 },
    // Dictionary `tip_kind`: 1 租用须知, 2 归还说明, 3 计费说明, 4 安全提示.
    tipKind: { type: 'integer', label: '提示类型', en: 'Kind', required: '请选择提示类型', enum: [1, 2, 3, 4] },
    content: {
      type: 'text',
      label: '内容',
      en: 'Content',
      required: '请输入内容',
      maxLength: 100000,
      richText: true,
    },
    sort,
    publishState,
  },
});

export const commonQuestions = defineResource({
  table: 'biz_normal',
  prefix: '/blade-system/normal',
  menu: 'normal',
  title: '常见问题',
  defaultOrder: [['sort', 'asc']],
  fields: {
    question: { type: 'text', label: '问题', en: 'Question', required: '请输入问题', maxLength: 200 },
    answer: {
      type: 'text',
      label: '解答',
      en: 'Answer',
      required: '请输入解答',
      maxLength: 100000,
      richText: true,
    },
    sort,
    publishState,
  },
});
