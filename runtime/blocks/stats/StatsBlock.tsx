// A row of cards over one call's answer (`{ "orders": 1204, "income": 3456789 }`), one card per field, asked again
// whenever a list of the page reloads.
import { Alert, Card, Flex, Statistic } from 'antd';
import useSWR from 'swr';
import { http } from '../../http/client';
import { useLabel, useLang } from '../../i18n/label';
import type { StatsBlock as StatsSpec } from '../../schema/types';
import { fieldOf, formatFigure } from '../figures';
import { usePageReload } from '../reload';

export function StatsBlock({ block }: { block: StatsSpec }) {
  const label = useLabel();
  const lang = useLang();
  const { count } = usePageReload();
  const { data, error, isLoading } = useSWR<unknown, Error>(
    ['stats', block.api, block.params, count],
    () => http.get<unknown>(block.api, block.params),
    { revalidateOnFocus: false, keepPreviousData: true },
  );
  if (error) return <Alert type="error" showIcon title={error.message} />;
  return (
    <Flex gap="middle" wrap>
      {block.cards.map((card) => (
        <Card key={card.field} size="small" style={{ flex: '1 1 180px' }} loading={isLoading}>
          <Statistic
            title={label(card.label)}
            prefix={card.format === 'money' ? '¥' : undefined}
            value={formatFigure(fieldOf(data, card.field), card.format, lang)}
            formatter={(text) => text}
          />
        </Card>
      ))}
    </Flex>
  );
}
