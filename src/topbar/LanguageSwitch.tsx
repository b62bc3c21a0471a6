// 中文 / 繁體中文 / English; the current language is disabled (spec §2).
import { TranslationOutlined } from '@ant-design/icons';
import { useTranslation } from '@ride-console/runtime/shell';
import { Button, Dropdown } from 'antd';
import { changeLanguage, currentLanguage, type Language, languageNames as names } from '../i18n';

export function LanguageSwitch() {
  const { t } = useTranslation('shell');
  const current = currentLanguage();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: (Object.keys(names) as Language[]).map((key) => ({ key, label: names[key], disabled: key === current })),
        onClick: ({ key }) => void changeLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<TranslationOutlined />} aria-label={`${t('top.language')}: ${names[current]}`}>
        {names[current]}
      </Button>
    </Dropdown>
  );
}
