// The sign-in page's language choice: 中文 / 繁體中文 / English, the current one disabled.
import { useTranslation } from '@ride-console/runtime/shell';
import { changeLanguage, currentLanguage, languageNames, languages } from '../i18n';

export function LanguageLinks() {
  useTranslation();
  const current = currentLanguage();
  return (
    <span>
      {languages.map((language) => (
        <button
          type="button"
          key={language}
          className="login-language-button"
          disabled={language === current}
          onClick={() => void changeLanguage(language)}
        >
          {languageNames[language]}
        </button>
      ))}
    </span>
  );
}
