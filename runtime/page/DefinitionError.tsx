// The panel an invalid definition shows instead of its screen: the file, the JSON path and the problem.
import { Alert, Typography } from 'antd';
import { useLang, useRuntimeText } from '../i18n/label';
import type { DefinitionProblem } from '../schema/validate';

export function DefinitionError({ file, problems }: { file: string; problems: DefinitionProblem[] }) {
  const t = useRuntimeText();
  const lang = useLang();
  return (
    <Alert
      type="error"
      showIcon
      title={t('definitionError')}
      description={
        <>
          <Typography.Paragraph>
            {t('definitionFile')}: <Typography.Text code>{file}</Typography.Text>
          </Typography.Paragraph>
          <ul style={{ margin: 0, paddingInlineStart: 16 }}>
            {problems.map((problem) => (
              <li key={`${problem.path}|${problem.message}`}>
                {t('definitionPath')}: <Typography.Text code>{problem.path}</Typography.Text> · {t('definitionProblem')}
                : {lang === 'zh' ? problem.zh : problem.message}
                {problem.suggestion && <> · {t('definitionDidYouMean', { name: problem.suggestion })}</>}
                {problem.known && (
                  <>
                    {' '}
                    · {t('definitionKnown')}: {problem.known.join(', ')}
                  </>
                )}
              </li>
            ))}
          </ul>
        </>
      }
    />
  );
}
