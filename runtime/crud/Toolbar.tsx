// The toolbar: add, multi-select delete, custom toolbar actions, and on the right refresh, search toggle, column
// settings and export.
import { ColumnHeightOutlined, DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Popover, Space, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useLabel, useRuntimeText } from '../i18n/label';
import type { Column } from '../schema/types';

export interface ToolbarProps {
  left: ReactNode[];
  onRefresh?: () => void;
  onToggleSearch?: () => void;
  columns?: { all: Column[]; hidden: string[]; setHidden: (fields: string[]) => void; reset: () => void };
  onExport?: () => void;
  exporting?: boolean;
  /** On a phone the search toggle is a labelled 搜索 button, and the buttons wrap. */
  phone?: boolean;
}

export function Toolbar(props: ToolbarProps) {
  const t = useRuntimeText();
  const label = useLabel();
  const settings = props.columns;
  return (
    <Flex justify="space-between" wrap={props.phone} gap={props.phone ? 8 : undefined} style={{ marginBottom: 12 }}>
      <Space wrap>{props.left}</Space>
      <Space>
        {props.onRefresh && (
          <Tooltip title={t('refresh')}>
            <Button aria-label={t('refresh')} icon={<ReloadOutlined />} onClick={props.onRefresh} />
          </Tooltip>
        )}
        {props.onToggleSearch && props.phone && (
          <Button icon={<SearchOutlined />} onClick={props.onToggleSearch}>
            {t('search')}
          </Button>
        )}
        {props.onToggleSearch && !props.phone && (
          <Tooltip title={t('toggleSearch')}>
            <Button aria-label={t('toggleSearch')} icon={<SearchOutlined />} onClick={props.onToggleSearch} />
          </Tooltip>
        )}
        {settings && (
          <Popover
            trigger="click"
            title={t('columns')}
            content={
              <Flex vertical gap={4}>
                {settings.all.map((column) => (
                  <Checkbox
                    key={column.field}
                    checked={!settings.hidden.includes(column.field)}
                    onChange={(event) =>
                      settings.setHidden(
                        event.target.checked
                          ? settings.hidden.filter((f) => f !== column.field)
                          : [...settings.hidden, column.field],
                      )
                    }
                  >
                    {label(column.label)}
                  </Checkbox>
                ))}
                <Button size="small" onClick={settings.reset}>
                  {t('columnsReset')}
                </Button>
              </Flex>
            }
          >
            <Button aria-label={t('columns')} icon={<ColumnHeightOutlined />} />
          </Popover>
        )}
        {props.onExport && (
          <Tooltip title={t('export')}>
            <Button
              aria-label={t('export')}
              icon={<DownloadOutlined />}
              loading={props.exporting}
              onClick={props.onExport}
            />
          </Tooltip>
        )}
      </Space>
    </Flex>
  );
}
